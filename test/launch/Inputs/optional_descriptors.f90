! Absent optional dummy arguments with descriptors (assumed-shape,
! assumed-rank, allocatable, pointer) in target regions: present() is false
! there and nothing reads them; present ones are used as usual.
module optdesc
  implicit none
contains
  subroutine shaped(n, a, b)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(:)
    real(8), intent(in), optional :: b(:)
    integer :: i
    !$omp target map(tofrom: a) map(to: b)
    do i = 1, n
      if (present(b)) then
        a(i) = a(i) + b(i)
      else
        a(i) = a(i) - 1
      end if
    end do
    !$omp end target
  end subroutine
  subroutine implicit_shaped(a, b)
    real(8), intent(inout) :: a(:)
    real(8), intent(in), optional :: b(:)
    !$omp target
    if (present(b)) then
      a(1) = a(1) + b(1)
    else
      a(1) = a(1) - 10
    end if
    !$omp end target
  end subroutine
  subroutine ranked(r, b)
    real(8), intent(inout) :: r
    real(8), intent(in), optional :: b(..)
    !$omp target map(tofrom: r)
    if (present(b)) then
      r = 100
    else
      r = -1
    end if
    !$omp end target
  end subroutine
  subroutine alloc(r, b)
    real(8), intent(inout) :: r
    real(8), intent(in), optional, allocatable :: b(:)
    !$omp target map(tofrom: r)
    if (present(b)) then
      r = r + b(1)
    else
      r = r - 1
    end if
    !$omp end target
  end subroutine
  subroutine pointed(r, b)
    real(8), intent(inout) :: r
    real(8), intent(in), optional, pointer :: b(:)
    !$omp target map(tofrom: r)
    if (present(b)) then
      r = r + b(2)
    else
      r = r - 2
    end if
    !$omp end target
  end subroutine
end module

program optional_descriptors
  use optdesc
  implicit none
  real(8) :: a(5), b(5), r
  real(8), allocatable :: al(:)
  real(8), pointer :: p(:)
  a = 1; b = 2
  call shaped(5, a)
  print '(a,5f5.1)', 'shaped absent: ', a
  call shaped(5, a, b)
  print '(a,5f5.1)', 'shaped present:', a
  call implicit_shaped(a)
  call implicit_shaped(a, b)
  print '(a,f6.1)', 'implicit:', a(1)
  r = 0
  call ranked(r)
  print '(a,f6.1)', 'ranked absent: ', r
  call ranked(r, b)
  print '(a,f6.1)', 'ranked present:', r
  r = 0
  allocate(al(3)); al = 5
  call alloc(r)
  call alloc(r, al)
  print '(a,f6.1)', 'allocatable:', r
  allocate(p(3)); p = 7
  r = 0
  call pointed(r)
  call pointed(r, p)
  print '(a,f6.1)', 'pointer:', r
end program
