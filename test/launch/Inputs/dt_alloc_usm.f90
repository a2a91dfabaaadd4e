! A derived type with an allocatable component in a target region under
! `requires unified_shared_memory`.
module dt_alloc_usm_m
  implicit none
  !$omp requires unified_shared_memory
  type :: holder
    integer :: n = 0
    real, allocatable :: a(:)
  end type
end module

program dt_alloc_usm
  use dt_alloc_usm_m
  implicit none
  type(holder) :: h
  integer :: i
  allocate(h%a(10))
  h%a = 1
  !$omp target
  do i = 1, 10
    h%a(i) = h%a(i) + i
  end do
  h%n = size(h%a)
  !$omp end target
  print '(a,i0,a,f6.1)', 'h%n = ', h%n, ' sum h%a = ', sum(h%a)
  if (h%n /= 10 .or. sum(h%a) /= 65) error stop 'dt_alloc_usm: FAILED'
  print '(a)', 'dt_alloc_usm: PASSED'
end
