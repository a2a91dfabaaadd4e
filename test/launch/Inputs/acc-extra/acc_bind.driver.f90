! Driver for acc-extra/acc_bind: prints what the calls wrote (2.0 where the
! device ran dev_ver, 1.0 where the host ran host_ver).
program main
  implicit none
  integer, parameter :: n = 4
  real :: a(n), b(n)
  a = 0.0
  b = 0.0
  call bind_kernel(n, a, b)
  print '(a, f4.1, a, f4.1)', 'bind: direct ', minval(a), ' via routine ', minval(b)
  print '(a, l1)', 'bind: uniform ', all(a == a(1)) .and. all(b == b(1))
end program main
