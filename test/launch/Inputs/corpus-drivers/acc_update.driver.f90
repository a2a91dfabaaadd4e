! Driver for corpus/flang/acc/acc_update: exchange copies a and b in
! (data copyin), updates the device copy of a, then the host copies of
! b(1:n/2) and a(n) from the device; nothing writes the device copies, so
! every update moves equal values and the host arrays come back unchanged.
program main
  implicit none
  integer, parameter :: n = 12
  real :: a(n), b(n)
  integer :: i

  a = [(real(i), i = 1, n)]
  b = [(real(100 + i), i = 1, n)]
  call label('a', loc(a), 4 * n)
  call label('b', loc(b), 4 * n)
  call exchange(n, a, b)
  call check('exchange a', count(a /= [(real(i), i = 1, n)]))
  call check('exchange b', count(b /= [(real(100 + i), i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
end program main
