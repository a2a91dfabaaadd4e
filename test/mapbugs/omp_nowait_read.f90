! A deferred kernel's result read on the host before the taskwait.
program omp_nowait_read
  implicit none
  integer, parameter :: n = 1000
  real :: a(n)
  integer :: i, k
  a = 0.0
  !$omp target map(tofrom: a) nowait ! expect-static: nowait-host-access ! expect-run: nowait-host-access
  do k = 1, 20000
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
  end do
  !$omp end target
  if (a(n) == 20000.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
  !$omp taskwait
end program
