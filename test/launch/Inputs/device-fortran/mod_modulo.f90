! MOD and MODULO of reals, as a periodic boundary uses them, with their
! edge cases: signs, integral operands, fractions, huge values, infinities.
program mod_modulo
  use, intrinsic :: ieee_arithmetic
  implicit none
  real(8) :: a(12), p(4), inf
  real(4) :: b(6), q(3)
  integer :: i, j
  inf = ieee_value(inf, ieee_positive_inf)
  a = [7d0, -7d0, 7.5d0, -7.5d0, 0d0, -0d0, 1d20, -1d20, 3d-5, 10.25d0, &
       huge(1d0), -2.5d0]
  p = [3d0, -3d0, 0.7d0, -1.1d0]
  do j = 1, size(p)
    print *, 'mod', p(j), (mod(a(i), p(j)), i = 1, size(a))
    print *, 'modulo', p(j), (modulo(a(i), p(j)), i = 1, size(a))
  end do
  print *, 'inf', mod(2d0, inf), mod(-2d0, -inf)
  b = [5.5, -5.5, 9.0, -9.0, 0.1, 1e10]
  q = [2.0, -2.0, 0.3]
  do j = 1, size(q)
    print *, 'mod4', q(j), (mod(b(i), q(j)), i = 1, size(b))
    print *, 'modulo4', q(j), (modulo(b(i), q(j)), i = 1, size(b))
  end do
end program
