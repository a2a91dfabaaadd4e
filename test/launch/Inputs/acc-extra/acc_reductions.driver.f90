! Driver for acc-extra/acc_reductions: each reduction against the same
! reduction computed here (the variables start non-neutral: the reduction
! combines into their values).
program main
  implicit none
  integer, parameter :: n = 300
  real :: x(n), s, p, mx, mn, gs, ps
  integer :: k(n), ksum, kand, kor, i
  logical :: la, lo, leq, lne, eeq, ene
  complex :: c, z, zz
  real :: mxneg
  do i = 1, n
    x(i) = real(mod(i * 37, 101)) - 50.0
    k(i) = ior(mod(i * 13, 64), 128)
  end do
  s = 1.5; p = 2.0; mx = -1000.0; mn = 1000.0; gs = 3.0
  ksum = 7; kand = -1; kor = 256
  la = .true.; lo = .false.; leq = .false.; lne = .true.
  c = (1.0, -2.0); z = (0.5, 0.5); mxneg = -1.0e30
  call reductions(n, x, k, s, p, mx, mn, ksum, kand, kor, gs, &
                  la, lo, leq, lne, c, z, mxneg)
  ps = 2.0
  zz = (0.5, 0.5)
  eeq = .false.; ene = .true.
  do i = 1, n
    ps = ps * (1.0 + x(i) / 1000.0)
    zz = zz * cmplx(1.0, x(i) / 1000.0)
    eeq = eeq .eqv. (x(i) > 0.0)
    ene = ene .neqv. (x(i) > 0.0)
  end do
  call check('sum', merge(0, 1, s == 1.5 + sum(x)))
  call check('product', merge(0, 1, abs(p - ps) <= 1.0e-4 * abs(ps)))
  call check('max', merge(0, 1, mx == maxval(x)))
  call check('min', merge(0, 1, mn == minval(x)))
  call check('integer sum', merge(0, 1, ksum == 7 + sum(k)))
  call check('iand', merge(0, 1, kand == iand_all(k)))
  call check('ior', merge(0, 1, kor == ior(256, ior_all(k))))
  call check('gang sum', merge(0, 1, gs == 3.0 + 2.0 * sum(x)))
  call check('and', merge(0, 1, la .eqv. all(x > -50.0)))
  call check('or', merge(0, 1, lo .eqv. any(x > 49.0)))
  call check('eqv', merge(0, 1, leq .eqv. eeq))
  call check('neqv', merge(0, 1, lne .eqv. ene))
  call check('complex sum', merge(0, 1, &
             c == (1.0, -2.0) + cmplx(sum(x), real(n))))
  call check('complex product', merge(0, 1, abs(z - zz) <= 1.0e-4 * abs(zz)))
  call check('max of negatives', merge(0, 1, mxneg == maxval(-abs(x) - 1.0)))
contains
  integer function iand_all(v)
    integer, intent(in) :: v(:)
    integer :: j
    iand_all = -1
    do j = 1, size(v)
      iand_all = iand(iand_all, v(j))
    end do
  end function
  integer function ior_all(v)
    integer, intent(in) :: v(:)
    integer :: j
    ior_all = 0
    do j = 1, size(v)
      ior_all = ior(ior_all, v(j))
    end do
  end function
  include '../corpus-drivers/check.fi'
end program main
