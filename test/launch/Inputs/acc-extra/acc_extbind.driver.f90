! Driver for acc-extra/acc_extbind: ext (host) adds 1, ext_dev (device)
! adds 10.
program main
  implicit none
  real :: x(4)
  x = 0.0
  call extbind(4, x)
  print '(a, f5.1)', 'extbind: x(1) = ', x(1)
end program main

subroutine ext(v)
  real, intent(inout) :: v
  v = v + 1.0
end subroutine ext
