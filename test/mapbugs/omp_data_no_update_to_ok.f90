! The host changes b inside a target data region; the next kernel reads the
! device copy made when the region began.
program omp_data_no_update_to
  implicit none
  integer, parameter :: n = 400
  real :: b(n), c(n)
  integer :: i
  b = 1.0
  !$omp target data map(to: b) map(from: c)
  b = 5.0
  !$omp target update to(b)
  !$omp target teams distribute parallel do
  do i = 1, n
    c(i) = b(i) + 1.0
  end do
  !$omp end target data
  if (all(c == 6.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
