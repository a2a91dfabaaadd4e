! Driver for acc-extra/acc_if: the same result whether the construct runs
! on the device (flag true) or on the host (flag false).
program main
  implicit none
  integer, parameter :: n = 32
  real :: a(n)
  integer :: i
  a = [(real(i), i = 1, n)]
  call scale_if(n, a, .true., 3)
  call check('if(.true.)', count(a /= [(3.0 * i, i = 1, n)]))
  call scale_if(n, a, .false., 2)
  call check('if(.false.)', count(a /= [(6.0 * i, i = 1, n)]))
contains
  include '../corpus-drivers/check.fi'
end program main
