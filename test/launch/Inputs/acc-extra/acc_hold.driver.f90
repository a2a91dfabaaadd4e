! Driver for acc-extra/acc_hold: hold must still see its data after the
! exit data delete inside the data region, and copy it out at the end;
! twice must find a gone after exit data finalize (so the last loop copies
! it in again rather than using a stale device copy).
program main
  implicit none
  integer, parameter :: n = 16
  real :: a(n)
  integer :: i
  a = [(real(i), i = 1, n)]
  call hold(n, a)
  call check('hold', count(a /= [(real(i) + 1.0, i = 1, n)]))
  a = [(real(i), i = 1, n)]
  call twice(n, a)
  call check('finalize', count(a /= [(2.0 * real(i) + 1.0, i = 1, n)]))
contains
  include '../corpus-drivers/check.fi'
end program main
