! Reductions on partitioned loops: gang vector (parallel loop), gang only,
! each operator acc-to-omp maps, on real, integer, logical and complex
! scalars.
subroutine reductions(n, x, k, s, p, mx, mn, ksum, kand, kor, gs, &
                      la, lo, leq, lne, c, z, mxneg)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  integer, intent(in) :: k(n)
  real, intent(inout) :: s, p, mx, mn, gs
  integer, intent(inout) :: ksum, kand, kor
  logical, intent(inout) :: la, lo, leq, lne
  complex, intent(inout) :: c, z
  real, intent(inout) :: mxneg
  integer :: i
  !$acc parallel loop reduction(+:s) reduction(*:p) copyin(x)
  do i = 1, n
    s = s + x(i)
    p = p * (1.0 + x(i) / 1000.0)
  end do
  !$acc parallel loop reduction(max:mx) reduction(min:mn) copyin(x)
  do i = 1, n
    mx = max(mx, x(i))
    mn = min(mn, x(i))
  end do
  !$acc parallel loop reduction(+:ksum) reduction(iand:kand) reduction(ior:kor) copyin(k)
  do i = 1, n
    ksum = ksum + k(i)
    kand = iand(kand, k(i))
    kor = ior(kor, k(i))
  end do
  !$acc parallel loop gang reduction(+:gs) copyin(x)
  do i = 1, n
    gs = gs + 2.0 * x(i)
  end do
  !$acc parallel loop reduction(.and.:la) reduction(.or.:lo) &
  !$acc& reduction(.eqv.:leq) reduction(.neqv.:lne) copyin(x)
  do i = 1, n
    la = la .and. x(i) > -50.0
    lo = lo .or. x(i) > 49.0
    leq = leq .eqv. (x(i) > 0.0)
    lne = lne .neqv. (x(i) > 0.0)
  end do
  !$acc parallel loop reduction(+:c) reduction(*:z) copyin(x)
  do i = 1, n
    c = c + cmplx(x(i), 1.0)
    z = z * cmplx(1.0, x(i) / 1000.0)
  end do
  ! All negative: the identity of max must be below every value (flang-22's
  ! recipe starts from -denorm_min).
  !$acc parallel loop reduction(max:mxneg) copyin(x)
  do i = 1, n
    mxneg = max(mxneg, -abs(x(i)) - 1.0)
  end do
end subroutine reductions
