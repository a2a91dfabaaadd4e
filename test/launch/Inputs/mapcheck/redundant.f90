! b does not change between the updates: the second and third move the
! same bytes again (redundant-transfer, information).
program redundant
  implicit none
  integer, parameter :: n = 16
  real :: b(n), c(n)
  integer :: i, k
  b = 3.0
  c = 0.0
  !$omp target enter data map(to: b) map(to: c)
  do k = 1, 3
    !$omp target update to(b)
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = c(i) + b(i)
    end do
  end do
  !$omp target exit data map(from: c) map(release: b)
  print '(a,f5.1)', 'c(1) = ', c(1)
end program
