! boundary_ok.f90's copy back of all of d, then of its interior again: the
! section's copy keeps the boundary cells watched, and the host's read of
! d(n), which no kernel wrote, is found.
program boundary_section
  implicit none
  integer, parameter :: n = 64
  real(8), allocatable :: d(:)
  integer :: i
  allocate(d(n))
  !$omp target enter data map(alloc: d)
  !$omp target teams distribute parallel do
  do i = 2, n - 1
    d(i) = i
  end do
  !$omp target update from(d)
  !$omp target update from(d(2:n-1))
  print '(a,f6.1)', 'd ', d(n)
  !$omp target exit data map(delete: d)
end program
