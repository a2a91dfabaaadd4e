! Driver for acc-extra/acc_redundant.
program main
  implicit none
  integer, parameter :: n = 40
  real :: a(n), b(4), t, s
  integer :: i
  a = [(real(i), i = 1, n)]
  b = 0.0
  call redundant(n, a, b)
  call check('gang loop', count(a /= [(2.0 * i, i = 1, n)]))
  call check('redundant code', merge(0, 1, b(1) == 5.0))
  a = [(real(i), i = 1, n)]
  t = 0.0
  s = 3.0
  call redundant_gv(n, a, t, s)
  call check('gang vector loop', count(a /= [(2.0 * i, i = 1, n)]))
  call check('gang vector reduction', merge(0, 1, s == 3.0 + sum(a) .and. &
             t == 1.0))
contains
  include '../corpus-drivers/check.fi'
end program main
