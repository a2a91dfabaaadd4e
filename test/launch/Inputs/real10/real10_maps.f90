! real(10)/complex(10) (x87 80-bit extended) arrays mapped to a target
! region: each element takes 16 bytes in memory but 10 in MLIR's size of
! f80, which sized the maps of array sections. Expected values are the same
! expressions evaluated on the host.
program real10_maps
  implicit none
  integer, parameter :: n = 40, ep = 10
  real(ep) :: q(n), t(n), m(4, n), hq(n), ht(n), hm(4, n)
  complex(ep) :: c(n), hc(n)
  real(ep), allocatable :: a(:)
  real(8) :: d(n)
  integer :: i, k
  allocate (a(n))
  do i = 1, n
    d(i) = i * 0.01d0
    t(i) = real(i, ep) / 7.0_ep
    a(i) = 1.0_ep / real(i, ep)
    hq(i) = real(d(i), ep)**2 / 3.0_ep + 1.0_ep / real(i, ep)
    hc(i) = cmplx(real(d(i), ep), 1.0_ep / 3.0_ep, ep) * &
            cmplx(2.0_ep, -real(i, ep), ep)
    ht(i) = t(i) * 3.0_ep
    do k = 1, 4
      hm(k, i) = real(k, ep) / real(i, ep) + 1.0_ep / 9.0_ep
    end do
  end do
  !$omp target teams distribute parallel do map(to: d) map(from: q, c, m) &
  !$omp& map(tofrom: t, a)
  do i = 1, n
    q(i) = real(d(i), ep)**2 / 3.0_ep + 1.0_ep / real(i, ep)
    c(i) = cmplx(real(d(i), ep), 1.0_ep / 3.0_ep, ep) * &
           cmplx(2.0_ep, -real(i, ep), ep)
    t(i) = t(i) * 3.0_ep
    a(i) = a(i) * 2.0_ep
    do k = 1, 4
      m(k, i) = real(k, ep) / real(i, ep) + 1.0_ep / 9.0_ep
    end do
  end do
  if (all(q == hq) .and. all(c == hc) .and. all(t == ht) .and. &
      all(m == hm) .and. all(a * real([(i, i = 1, n)], ep) == 2.0_ep)) then
    print '(a)', 'real10_maps: ok'
  else
    print '(a,5l2)', 'real10_maps: FAIL ', all(q == hq), all(c == hc), &
      all(t == ht), all(m == hm), all(a * real([(i, i = 1, n)], ep) == 2.0_ep)
  end if
end program real10_maps
