! Each sweep runs on the device inside a data region; the host pins the
! boundary cell and takes the total, and copies the field back first, so every
! other cell it sums is the device's.
program omp_boundary_pinned_ok
  implicit none
  integer, parameter :: n = 4096
  real(8), allocatable :: u(:)
  real(8) :: tot
  integer :: i, s
  allocate(u(n))
  u = 1d0
  !$omp target data map(tofrom: u)
  do s = 1, 3
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1d0
    end do
    !$omp target update from(u)
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
