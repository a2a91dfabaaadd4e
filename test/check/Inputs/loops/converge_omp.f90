! A convergence loop inside a data region: each sweep's result is read on
! the host (maxval) with no update from: the host never sees it.
program converge_omp
  implicit none
  integer, parameter :: n = 128
  real :: u(n), err
  integer :: i, it
  u = 1.0
  err = 1.0
  it = 0
  !$omp target data map(tofrom: u)
  do while (err > 0.1 .and. it < 50)
    it = it + 1
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) * 0.5
    end do
    err = maxval(u)
  end do
  !$omp end target data
  print *, it
end program
