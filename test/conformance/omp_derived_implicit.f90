! OpenMP 5.2 a derived type with an allocatable component used in a target
! region without a map clause: implicitly mapped tofrom with its data.
program omp_derived_implicit
  implicit none
  type :: holder
    integer :: n
    integer, allocatable :: a(:)
  end type holder
  type(holder) :: h
  integer :: i, total
  h%n = 10
  allocate(h%a(h%n))
  h%a = 1
  total = 0
  !$omp target map(tofrom: total)
  do i = 1, h%n
    total = total + h%a(i)
  end do
  !$omp end target
  call check_i('implicit_read', total, 10)

  !$omp target
  do i = 1, h%n
    h%a(i) = i
  end do
  !$omp end target
  call check_i('implicit_write', sum(h%a), 55)
contains
  include 'check.fi'
end program omp_derived_implicit
