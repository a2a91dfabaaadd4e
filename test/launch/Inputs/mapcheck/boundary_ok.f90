! A kernel writes the interior of d only; the copy back brings the two
! boundary cells' poison home, but the host reads the interior (and sets
! the boundary itself before reading all of e): nothing to report.
program boundary_ok
  implicit none
  integer, parameter :: n = 64
  real(8), allocatable :: f(:), d(:), e(:)
  real(8) :: worst
  integer :: i
  allocate(f(n), d(n), e(n))
  f = [(real(i, 8)**2, i = 1, n)]
  !$omp target enter data map(to: f) map(alloc: d)
  !$omp target teams distribute parallel do
  do i = 2, n - 1
    d(i) = (f(i+1) - f(i-1)) / 2
  end do
  !$omp target update from(d)
  worst = 0
  do i = 2, n - 1
    worst = max(worst, abs(d(i) - 2 * i))
  end do
  !$omp target teams distribute parallel do map(from: e)
  do i = 2, n - 1
    e(i) = f(i) + 1
  end do
  e(1) = 0
  e(n) = 0
  !$omp target exit data map(delete: f, d)
  print '(a,f4.1,a,f8.1)', 'worst ', worst, ' sum ', sum(e)
end program
