! Reductions on compute constructs: parallel reduction(+:s) around code and
! a vector loop (the teams reduce into s, the loop's threads into the
! team's copy), serial reduction(max:t).
subroutine compute_reduction(n, a, s, t)
  implicit none
  integer :: n, i
  real :: a(n), s, t
  !$acc parallel reduction(+:s) copyin(a)
  s = s + 1.0
  !$acc loop vector reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$acc end parallel
  !$acc serial reduction(max:t) copyin(a)
  do i = 1, n
    t = max(t, a(i))
  end do
  !$acc end serial
end subroutine compute_reduction
