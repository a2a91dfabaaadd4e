! Two deferred kernels; the host reads the first one's output before the
! taskwait.
program omp_nowait_two
  implicit none
  integer, parameter :: n = 1000
  real :: a(n), b(n), s
  integer :: i, k
  a = 0.0
  b = 0.0
  !$omp target map(tofrom: a) nowait ! expect-static: nowait-host-access ! expect-run: nowait-host-access
  do k = 1, 20000
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
  end do
  !$omp end target
  !$omp target map(from: b) nowait
  do i = 1, n
    b(i) = 2.0
  end do
  !$omp end target
  s = a(1)
  !$omp taskwait
  if (s == 20000.0 .and. b(1) == 2.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
