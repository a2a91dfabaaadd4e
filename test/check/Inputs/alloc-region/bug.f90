! A data region reserves device space with `alloc`; the kernel inside maps
! the initialized host array `tofrom`, expecting it copied in: it is
! present, so the map copies nothing, and the kernel reads garbage.
program alloc_region
  implicit none
  integer, parameter :: n = 32
  real :: a(n), b(n)
  integer :: i
  a = 2.0
  !$omp target data map(alloc: a) map(from: b)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end target data
  print *, b(1)
end program
