! Complex math in a target region: EXP, LOG, SQRT, SIN, COS, TAN, TANH, ABS,
! ** (complex, integer and real exponents) and division, complex(8) and
! complex(4). flang-22 calls cexp, ..., __divdc3 with complex values (and
! makes complex.powi a _FortranAzpowi call). Expected values are the host's.
program complex_math
  implicit none
  integer, parameter :: n = 16
  complex(8) :: z(n), d(n), h(n), w
  complex(4) :: zs(n), ds(n), hs(n)
  integer :: i, k
  w = (0.75d0, -0.5d0)
  k = 3
  do i = 1, n
    z(i) = cmplx(0.1d0 * i, 0.8d0 - 0.1d0 * i, 8)
    zs(i) = cmplx(z(i), kind=4)
  end do
  h = exp(z) + log(z) + sqrt(z) + sin(z) + cos(z) + tan(z) + tanh(z) &
      + abs(z) + z**w + z / w + z**k + z**1.5d0
  hs = exp(zs) + log(zs) + sqrt(zs) + sin(zs) + cos(zs) + tan(zs) &
       + tanh(zs) + abs(zs) + zs / (1.0, 2.0) + zs**k
  !$omp target teams distribute parallel do map(to: z, zs, w, k) map(from: d, ds)
  do i = 1, n
    d(i) = exp(z(i)) + log(z(i)) + sqrt(z(i)) + sin(z(i)) + cos(z(i)) &
           + tan(z(i)) + tanh(z(i)) + abs(z(i)) + z(i)**w + z(i) / w &
           + z(i)**k + z(i)**1.5d0
    ds(i) = exp(zs(i)) + log(zs(i)) + sqrt(zs(i)) + sin(zs(i)) + cos(zs(i)) &
            + tan(zs(i)) + tanh(zs(i)) + abs(zs(i)) + zs(i) / (1.0, 2.0) &
            + zs(i)**k
  end do
  if (maxval(abs(d - h) / abs(h)) <= 1d-12 .and. &
      maxval(abs(ds - hs) / abs(hs)) <= 1e-5) then
    print '(a)', 'complex_math: ok'
  else
    print '(a,2es10.2)', 'complex_math: FAIL ', maxval(abs(d - h) / abs(h)), &
      maxval(abs(ds - hs) / abs(hs))
  end if
end program complex_math
