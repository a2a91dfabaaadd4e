! A derived type with an allocatable component, mapped implicitly (no map
! clause names it) into target regions that write its scalar component:
! a program's variable and a procedure's dummy.
module dt_alloc_implicit_m
  implicit none
  type :: holder
    integer :: n = 0
    real, allocatable :: a(:)
  end type
contains
  subroutine fill(h)
    type(holder), intent(inout) :: h
    integer :: i
    !$omp target
    do i = 1, size(h%a)
      h%a(i) = h%a(i) + i
    end do
    h%n = size(h%a)
    !$omp end target
  end subroutine
end module

program dt_alloc_implicit
  use dt_alloc_implicit_m
  implicit none
  type(holder) :: h, k
  allocate(h%a(10), k%a(4))
  h%a = 1
  k%a = 0
  call fill(h)
  !$omp target
  k%a = 2
  k%n = 7
  !$omp end target
  print '(a,i0,a,f6.1,a,i0,a,f6.1)', 'h%n = ', h%n, ' sum h%a = ', sum(h%a), &
      ' k%n = ', k%n, ' sum k%a = ', sum(k%a)
  if (h%n /= 10 .or. sum(h%a) /= 65 .or. k%n /= 7 .or. sum(k%a) /= 8) &
      error stop 'dt_alloc_implicit: FAILED'
  print '(a)', 'dt_alloc_implicit: PASSED'
end
