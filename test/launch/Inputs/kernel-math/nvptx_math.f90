! Every math function mapped to libdevice on nvptx, real(8) and real(4).
program nvptx_math
  implicit none
  integer, parameter :: n = 16
  real(8) :: x(n), r(n)
  real(4) :: xs(n), rs(n)
  integer :: i, k
  do i = 1, n
    x(i) = 0.1d0 * i
    xs(i) = 0.1 * i
  end do
  k = 3
  !$omp target teams distribute parallel do map(to: x, xs, k) map(from: r, rs)
  do i = 1, n
    r(i) = sin(x(i)) + cos(x(i)) + tan(x(i)) + asin(x(i)/4) + acos(x(i)/4) &
         + atan(x(i)) + atan2(x(i), 2d0) + sinh(x(i)) + cosh(x(i)) + tanh(x(i)) &
         + exp(x(i)) + log(x(i)) + log10(x(i)) + x(i)**1.5d0 + x(i)**k &
         + erf(x(i)) + erfc(x(i)) + gamma(x(i)) + log_gamma(x(i)) + hypot(x(i), 2d0) &
         + bessel_j0(x(i)) + bessel_j1(x(i)) + bessel_y0(x(i)) + bessel_y1(x(i)) &
         + bessel_jn(2, x(i)) + bessel_yn(2, x(i)) + asinh(x(i)) + acosh(1+x(i)) + atanh(x(i)/4) &
         + dble(nint(x(i))) + aint(x(i)) + anint(x(i)) &
         + sqrt(x(i)) + abs(x(i)) &
         + sign(x(i), -1d0) + dim(x(i), 1d0) + max(x(i), 0.5d0) + x(i)**2.5
    rs(i) = sin(xs(i)) + cos(xs(i)) + tan(xs(i)) + asin(xs(i)/4) + acos(xs(i)/4) &
         + atan(xs(i)) + atan2(xs(i), 2.) + sinh(xs(i)) + cosh(xs(i)) + tanh(xs(i)) &
         + exp(xs(i)) + log(xs(i)) + log10(xs(i)) + xs(i)**1.5 + xs(i)**k &
         + erf(xs(i)) + erfc(xs(i)) + gamma(xs(i)) + log_gamma(xs(i)) + hypot(xs(i), 2.) &
         + bessel_j0(xs(i)) + bessel_j1(xs(i)) + bessel_y0(xs(i)) + bessel_y1(xs(i)) &
         + asinh(xs(i)) + acosh(1+xs(i)) + atanh(xs(i)/4) + real(nint(xs(i))) &
         + sqrt(xs(i)) + anint(xs(i))
  end do
  print *, sum(r), sum(rs)
end program nvptx_math
