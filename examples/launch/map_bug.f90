! A map clause bug: y is updated inside the target region but mapped only
! `to`, so with real offloading the host never sees the new values. On the
! host device (no offloading) the region works on y itself and the bug hides;
! on host-offload (real data mapping) the stale data shows. Fix: map(tofrom: y).
program map_bug
  implicit none
  integer, parameter :: n = 8
  real :: y(n)
  integer :: i
  y = 1.0
  !$omp target teams distribute parallel do map(to: y)
  do i = 1, n
    y(i) = y(i) + real(i)
  end do
  print '(a,8f5.1)', 'y =', y
  if (y(n) == 1.0 + n) then
    print '(a)', 'map_bug: the device result came back'
  else
    print '(a)', 'map_bug: STALE DATA: y was mapped `to` only (use tofrom)'
    error stop 1
  end if
end program map_bug
