! Driver for acc-extra/acc_array_loop: three steps of t = u + t/2 inside,
! the ends untouched.
program main
  implicit none
  integer, parameter :: n = 10
  real(8) :: t(n), u(n), want
  integer :: it
  t = 1.0d0
  u = 2.0d0
  call array_loop(n, t, u)
  want = 1.0d0
  do it = 1, 3
    want = 2.0d0 + want * 0.5d0
  end do
  call check('array expression in a sequential loop', &
             count(t(2:n-1) /= want) + count(t([1, n]) /= 1.0d0))
contains
  include '../corpus-drivers/check.fi'
end program main
