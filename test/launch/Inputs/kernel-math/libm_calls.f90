! ERFC, GAMMA, BESSEL_J0 and HYPOT in a target region: flang-22 calls libm's
! erfc, tgamma, j0 and hypot for them. Expected values are the host's.
program libm_calls
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n), d(n), h(n)
  integer :: i
  do i = 1, n
    x(i) = 0.1d0 * i
    h(i) = erfc(x(i)) + gamma(x(i)) + bessel_j0(x(i)) + hypot(x(i), 2.0d0)
  end do
  !$omp target teams distribute parallel do map(to: x) map(from: d)
  do i = 1, n
    d(i) = erfc(x(i)) + gamma(x(i)) + bessel_j0(x(i)) + hypot(x(i), 2.0d0)
  end do
  if (maxval(abs(d - h) / abs(h)) <= 1.0d-15) then
    print '(a)', 'libm_calls: ok'
  else
    print '(a,es10.2)', 'libm_calls: FAIL ', maxval(abs(d - h) / abs(h))
  end if
end program libm_calls
