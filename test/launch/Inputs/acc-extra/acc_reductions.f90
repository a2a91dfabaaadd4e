! Reductions on partitioned loops: gang vector (parallel loop), gang only,
! each operator acc-to-omp maps, on real and integer scalars.
subroutine reductions(n, x, k, s, p, mx, mn, ksum, kand, kor, gs)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  integer, intent(in) :: k(n)
  real, intent(inout) :: s, p, mx, mn, gs
  integer, intent(inout) :: ksum, kand, kor
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
end subroutine reductions
