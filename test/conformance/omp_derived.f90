! OpenMP 5.2 derived types mapped explicitly: scalar members, a fixed-size
! array member, an allocatable component, a pointer component.
program omp_derived
  implicit none
  type :: fixed
    integer :: k
    real(8) :: w(8)
  end type fixed
  type :: holder
    integer :: n
    integer, allocatable :: a(:)
    real(8), pointer :: p(:) => null()
  end type holder
  type(fixed) :: f
  type(holder) :: h
  integer :: i
  real(8), target :: store(16)

  f%k = 3
  f%w = 1.0d0
  !$omp target map(tofrom: f)
  do i = 1, 8
    f%w(i) = f%w(i) * f%k + i
  end do
  !$omp end target
  call check_r('whole_fixed_type', sum(f%w), 24.0d0 + 36.0d0)

  f%w = 0.0d0
  !$omp target map(to: f%k) map(tofrom: f%w)
  do i = 1, 8
    f%w(i) = f%k
  end do
  !$omp end target
  call check_r('members', sum(f%w), 24.0d0)

  h%n = 12
  allocate(h%a(h%n))
  h%a = 1
  !$omp target map(to: h%n) map(tofrom: h%a)
  do i = 1, h%n
    h%a(i) = h%a(i) + i
  end do
  !$omp end target
  call check_i('allocatable_component', sum(h%a), 12 + 78)

  h%a = 2
  !$omp target map(tofrom: h, h%a)
  do i = 1, h%n
    h%a(i) = h%a(i) * i
  end do
  !$omp end target
  call check_i('parent_and_allocatable_component', sum(h%a), 156)

  store = 0.0d0
  h%p => store
  !$omp target map(tofrom: h%p)
  do i = 1, 16
    h%p(i) = real(i, 8)
  end do
  !$omp end target
  call check_r('pointer_component', sum(store), 136.0d0)
contains
  include 'check.fi'
end program omp_derived
