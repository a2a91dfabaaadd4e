! Driver for acc-extra/acc_compute_reduction: s = 100 + 1 + sum(a) (one
! gang), t = max(-1, maxval(a)).
program main
  implicit none
  real :: a(10), s, t
  integer :: i
  a = [(real(i), i = 1, 10)]
  s = 100.0
  t = -1.0
  call compute_reduction(10, a, s, t)
  call check('parallel reduction', merge(0, 1, s == 156.0))
  call check('serial reduction', merge(0, 1, t == 10.0))
contains
  include '../corpus-drivers/check.fi'
end program main
