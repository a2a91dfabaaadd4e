! Uses module comm, whichever variant the flags pick.
program solver
  use comm
  implicit none
  real :: u(8)
  integer :: i
  call comm_init()
  u = real(nranks)
  !$omp target teams distribute parallel do map(tofrom: u)
  do i = 1, 8
    u(i) = u(i) + 1.0
  end do
  print *, u(1)
end program
