! OpenMP 5.2 target regions in a program with large static arrays (about
! 2 GB of module data, near the 2 GiB reach of 32-bit relocations; only a
! small section is mapped).
module omp_static_mod
  implicit none
  integer, parameter :: big = 262000000
  real(8) :: field(big)
  integer :: small(100)
end module omp_static_mod

program omp_static_arrays
  use omp_static_mod
  implicit none
  integer :: i
  small = 0
  !$omp target map(tofrom: small)
  do i = 1, 100
    small(i) = i
  end do
  !$omp end target
  call check_i('small_beside_big', sum(small), 5050)
  field(1:10) = 1.0d0
  !$omp target map(tofrom: field(1:10))
  do i = 1, 10
    field(i) = field(i) + i
  end do
  !$omp end target
  call check_r('big_section', sum(field(1:10)), 65.0d0)
contains
  include 'check.fi'
end program omp_static_arrays
