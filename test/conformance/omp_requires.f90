! OpenMP 5.2 requires unified_shared_memory: host data used in a target
! region without map clauses (a plain array and a derived type with an
! allocatable component).
program omp_requires
  implicit none
  !$omp requires unified_shared_memory
  type :: holder
    integer :: n
    integer, allocatable :: a(:)
  end type holder
  type(holder) :: h
  integer, allocatable :: v(:)
  integer :: i
  allocate(v(30))
  v = 1
  !$omp target
  do i = 1, 30
    v(i) = v(i) + i
  end do
  !$omp end target
  call check_i('usm_array', sum(v), 30 + 465)

  h%n = 10
  allocate(h%a(10))
  h%a = 0
  !$omp target
  do i = 1, h%n
    h%a(i) = 2 * i
  end do
  !$omp end target
  call check_i('usm_derived_allocatable', sum(h%a), 110)
contains
  include 'check.fi'
end program omp_requires
