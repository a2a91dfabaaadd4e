! Launches short kernels until it is stopped: a cancelled (or timed out)
! recorded launch keeps the record up to the stop.
program spin_kernels
  implicit none
  integer, parameter :: n = 64
  real :: x(n)
  integer :: i
  x = 0.0
  !$omp target data map(tofrom: x)
  do
    !$omp target teams distribute parallel do
    do i = 1, n
      x(i) = x(i) + 1.0
    end do
  end do
  !$omp end target data
end program spin_kernels
