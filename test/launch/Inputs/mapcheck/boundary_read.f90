! boundary_ok.f90 with the host reading d's boundary cells too, which no
! kernel wrote: the copy back brought uninitialized device data.
program boundary_read
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
  do i = 1, n
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
