! The kernel computes the residual on the device copy the data region
! made; the `do while` test reads the host's, never copied back.
program omp_converge_flag
  implicit none
  integer, parameter :: n = 128
  real :: u(n), res
  integer :: i, it
  u = 1.0
  res = 1.0
  it = 0
  !$omp target data map(tofrom: u) map(to: res)
  do while (res > 0.01 .and. it < 50)
    it = it + 1
    !$omp target map(tofrom: res)
    res = 0.0
    do i = 1, n
      u(i) = u(i) * 0.5
      res = max(res, u(i))
    end do
    !$omp end target
    !$omp target update from(res)
  end do
  !$omp end target data
  if (it == 7) then
    print *, 'PASS'
  else
    print *, 'FAIL', it
  end if
end program
