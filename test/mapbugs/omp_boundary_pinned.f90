! Each sweep runs on the device inside a data region; the host pins the
! boundary cell and takes the total, but never copies the field back: every
! other cell it sums is the host's old value.
program omp_boundary_pinned
  implicit none
  integer, parameter :: n = 4096
  real(8), allocatable :: u(:)
  real(8) :: tot
  integer :: i, s
  allocate(u(n))
  u = 1d0
  !$omp target data map(tofrom: u)
  do s = 1, 3
    !$omp target teams distribute parallel do ! expect-static: stale-host-read ! expect-run: stale-host-read
    do i = 1, n
      u(i) = u(i) + 1d0
    end do
    u(1) = 0d0
    tot = sum(u)
    !$omp target update to(u(1:1))
  end do
  !$omp end target data
  if (tot == 4d0 * (n - 1)) then
    print *, 'PASS'
  else
    print *, 'FAIL', tot
  end if
end program
