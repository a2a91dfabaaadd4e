! The same loop in OpenACC: the host reads u with no update self.
program converge_acc
  implicit none
  integer, parameter :: n = 128
  real :: u(n), err
  integer :: i, it
  u = 1.0
  err = 1.0
  it = 0
  !$acc data copy(u)
  do while (err > 0.1 .and. it < 50)
    it = it + 1
    !$acc parallel loop
    do i = 1, n
      u(i) = u(i) * 0.5
    end do
    err = maxval(u)
  end do
  !$acc end data
  print *, it
end program
