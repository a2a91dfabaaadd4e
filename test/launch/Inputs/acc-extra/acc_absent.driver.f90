! Driver for acc-extra/acc_absent: a is never copied to the device.
program main
  implicit none
  integer, parameter :: n = 8
  real :: a(n)
  a = 1.0
  call absent(n, a)
  print '(a, f4.1)', 'absent: ran, a(1) = ', a(1)
end program main
