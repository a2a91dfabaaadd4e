! Poison watches of copies back (boundary_ok.f90): a later copy back of
! real values replaces the first one's watch (step 2 writes every cell:
! the host's reads of d(1) and d(n) are right); in e, the host sets one
! boundary cell and reads the other, which no kernel wrote (the finding).
program boundary_steps
  implicit none
  integer, parameter :: n = 64
  real(8), allocatable :: d(:), e(:)
  integer :: i
  allocate(d(n), e(n))
  !$omp target enter data map(alloc: d, e)
  !$omp target teams distribute parallel do
  do i = 2, n - 1
    d(i) = i
  end do
  !$omp target update from(d)
  !$omp target teams distribute parallel do
  do i = 1, n
    d(i) = 2 * i
  end do
  !$omp target update from(d)
  print '(a,2f6.1)', 'd ', d(1), d(n)
  !$omp target teams distribute parallel do
  do i = 2, n - 1
    e(i) = i
  end do
  !$omp target update from(e)
  e(1) = 0
  print '(a,f6.1)', 'e ', e(n)
  !$omp target exit data map(delete: d, e)
end program
