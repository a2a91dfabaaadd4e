! Driver for acc-extra/acc_async: queue 1 ran its kernels in order.
program main
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n)
  integer :: i
  a = [(real(i), i = 1, n)]
  b = 1.0
  call queues(n, a, b)
  call check('queue 1 in order', count(a /= [(3.0 * (i + 1.0), i = 1, n)]))
  call check('queue 2', count(b /= 2.0))
contains
  include '../corpus-drivers/check.fi'
end program main
