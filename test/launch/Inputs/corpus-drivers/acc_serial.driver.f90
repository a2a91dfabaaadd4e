! Driver for corpus/flang/acc/acc_serial: serial_init sets a(1) = 42 and
! first = a(1) in a serial region (copy/copyout), then a(i) = a(i-1) + 1 in
! a serial loop (copy): read on the host after the call.
program main
  implicit none
  integer, parameter :: n = 10
  real :: a(n), first
  integer :: i

  a = -1.0
  first = 0.0
  call label('a', loc(a), 4 * n)
  call label('first', loc(first), 4)
  call serial_init(n, a, first)
  call check('serial_init a', count(a /= [(41.0 + i, i = 1, n)]))
  call check('serial_init first', merge(0, 1, first == 42.0))
contains
  include 'check.fi'
  include 'names.fi'
end program main
