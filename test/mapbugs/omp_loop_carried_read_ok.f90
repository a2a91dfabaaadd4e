! A time loop reads the first cell on the host at the top of each step,
! then a kernel updates the array: from the second step on the host reads
! its old copy, as nothing copies the kernel's write back in the loop.
program omp_loop_carried_read
  implicit none
  integer, parameter :: n = 32
  real :: u(n), tot
  integer :: i, s
  u = 1.0
  tot = 0.0
  !$omp target data map(tofrom: u)
  do s = 1, 3
    tot = tot + u(1)
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
    !$omp target update from(u(1:1))
  end do
  !$omp end target data
  if (tot == 6.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
