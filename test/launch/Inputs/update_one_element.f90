! A probe: one element of a real(4) array copied back with `target update
! from`, then read on the host; its neighbours stay newer on the device,
! unread.
program update_one_element
  implicit none
  integer, parameter :: n = 64
  real :: u(n), probe
  integer :: i, k
  u = 0.0
  !$omp target data map(tofrom: u)
  do k = 1, 3
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
    !$omp target update from(u(32:32))
    probe = u(32)
  end do
  !$omp target update from(u(31:31))
  probe = probe + u(31)
  !$omp end target data
  print '(a,f5.1)', 'probe:', probe
end program
