! OpenACC atomic update with every intrinsic form (max, min, iand, ior,
! ieor, both operand orders) and the operators, on integers and reals,
! plus captures of a max (new value) and of a min (old value). Each
! result is compared with the same updates run without OpenACC.
program acc_atomic_forms
  implicit none
  integer, parameter :: n = 40
  integer :: v(n), i, imax, imin, iandv, iorv, ieorv, rmax2, isum, iprod
  integer :: want, cap, caps(n)
  real :: r(n), rmax, rmin, want_r
  do i = 1, n
    v(i) = mod(i * 29, 53) - 20
    r(i) = real(mod(i * 17, 31)) - 12.5
  end do
  imax = -1000; imin = 1000; iandv = -1; iorv = 0; ieorv = 0; rmax2 = -1000
  isum = 0; iprod = 1; rmax = -1000.0; rmin = 1000.0
  !$acc parallel loop copyin(v, r) copy(imax, imin, iandv, iorv, ieorv, rmax2, isum, iprod, rmax, rmin)
  do i = 1, n
    !$acc atomic update
    imax = max(imax, v(i))
    !$acc atomic update
    imin = min(imin, v(i))
    !$acc atomic update
    iandv = iand(iandv, v(i) + 1088)
    !$acc atomic update
    iorv = ior(iorv, v(i) + 64)
    !$acc atomic update
    ieorv = ieor(ieorv, v(i) + 64)
    !$acc atomic update
    rmax2 = max(v(i), rmax2)
    !$acc atomic update
    isum = isum + v(i)
    !$acc atomic
    iprod = iprod * merge(-1, 1, v(i) < 0)
    !$acc atomic update
    rmax = max(rmax, r(i))
    !$acc atomic update
    rmin = min(r(i), rmin)
  end do
  call check('max', imax, maxval(v))
  call check('min', imin, minval(v))
  want = -1
  do i = 1, n
    want = iand(want, v(i) + 1088)
  end do
  call check('iand', iandv, want)
  want = 0
  do i = 1, n
    want = ior(want, v(i) + 64)
  end do
  call check('ior', iorv, want)
  want = 0
  do i = 1, n
    want = ieor(want, v(i) + 64)
  end do
  call check('ieor', ieorv, want)
  call check('max(e, x)', rmax2, maxval(v))
  call check('sum', isum, sum(v))
  want = 1
  do i = 1, n
    if (v(i) < 0) want = -want
  end do
  call check('product', iprod, want)
  call checkr('real max', rmax, maxval(r))
  call checkr('real min(e, x)', rmin, minval(r))

  ! Captures in a serial region (one order of updates).
  cap = -1000
  !$acc serial copyin(v) copy(cap, caps)
  do i = 1, n
    !$acc atomic capture
    cap = max(cap, v(i))
    caps(i) = cap
    !$acc end atomic
  end do
  !$acc end serial
  want = -1000
  do i = 1, n
    want = max(want, v(i))
    if (caps(i) /= want) then
      print '(a, i0)', 'capture max: FAIL at ', i
      stop 1
    end if
  end do
  call check('capture max', cap, want)

  ! Capture of the old value, then a min.
  cap = 1000
  !$acc serial copyin(v) copy(cap, caps)
  do i = 1, n
    !$acc atomic capture
    caps(i) = cap
    cap = min(cap, v(i))
    !$acc end atomic
  end do
  !$acc end serial
  want = 1000
  do i = 1, n
    if (caps(i) /= want) then
      print '(a, i0)', 'capture old, min: FAIL at ', i
      stop 1
    end if
    want = min(want, v(i))
  end do
  call check('capture old, min', cap, want)
contains
  subroutine check(what, got, want)
    character(*) :: what
    integer :: got, want
    if (got == want) then
      print '(a, ": ", i0, " ok")', what, got
    else
      print '(a, ": ", i0, " FAIL (want ", i0, ")")', what, got, want
    end if
  end subroutine
  subroutine checkr(what, got, want)
    character(*) :: what
    real :: got, want
    if (got == want) then
      print '(a, ": ", f0.1, " ok")', what, got
    else
      print '(a, ": ", f0.1, " FAIL (want ", f0.1, ")")', what, got, want
    end if
  end subroutine
end program
