! The data region reserves device space for a with `alloc`; the kernel
! inside maps the initialized host array `to`, but a is present, so that
! map copies nothing in and the kernel reads garbage.
program omp_alloc_region_read
  implicit none
  integer, parameter :: n = 32
  real :: a(n), b(n)
  integer :: i
  a = 2.0
  !$omp target data map(alloc: a) map(from: b) ! expect-run: uninitialized-read
  !$omp target teams distribute parallel do map(to: a) ! expect-static: map-read-before-write
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end target data
  if (all(b == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
