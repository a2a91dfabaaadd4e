! Driver for acc-extra/acc_kernels_nests: the statements between the loop
! nests run once (s gains a(1) once, not once per gang or thread).
program main
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), s
  integer :: i
  a = [(real(i), i = 1, n)]
  b = 0.0
  s = 10.0
  call nests(n, a, b, s)
  call check('first nest', count(a /= [(real(i) + 1.0, i = 1, n)]))
  call check('code between', merge(0, 1, s == 12.0 .and. b(1) == 12.0))
  call check('second nest', count(b(2:) /= [(2.0 * (real(i) + 1.0), i = 2, n)]))
contains
  include '../corpus-drivers/check.fi'
end program main
