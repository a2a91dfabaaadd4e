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

! A reduction on a construct whose only code is one loop: the loop gang
! (each gang's iterations run on its copy), the loop with the construct's
! reduction repeated (it combines into the gang's copy), a gang vector loop
! without one (the gang's threads share the copy: they reduce into it).
subroutine loop_only_reduction(n, a, s1, s2, s3)
  implicit none
  integer :: n, i
  real :: a(n), s1, s2, s3
  !$acc parallel reduction(+:s1) copyin(a)
  !$acc loop gang
  do i = 1, n
    s1 = s1 + a(i)
  end do
  !$acc end parallel
  !$acc parallel reduction(+:s2) copyin(a)
  !$acc loop reduction(+:s2)
  do i = 1, n
    s2 = s2 + 2.0 * a(i)
  end do
  !$acc end parallel
  !$acc parallel reduction(max:s3) copyin(a)
  !$acc loop gang vector
  do i = 1, n
    s3 = max(s3, a(i) - 100.0)
  end do
  !$acc end parallel
end subroutine loop_only_reduction

! num_gangs(4) with code around a reduction loop: every gang runs the code
! and the loop, reducing into its own copy of the construct's reduction;
! the gangs then combine (sum: once per gang that ran; max: the same for
! any number of gangs).
subroutine gangs_reduction(n, a, s, m)
  implicit none
  integer :: n, i
  real :: a(n), s, m
  !$acc parallel num_gangs(4) reduction(+:s) reduction(max:m) copyin(a)
  s = s + 1.0
  m = max(m, a(1) * 0.5)
  !$acc loop vector reduction(+:s) reduction(max:m)
  do i = 1, n
    s = s + a(i)
    m = max(m, a(i))
  end do
  !$acc end parallel
end subroutine gangs_reduction

! A gang loop after gang-redundant code with num_gangs, reducing into the
! construct's copy: each team's one thread runs its iterations on the
! team's copy, the teams combine.
subroutine gang_after(n, s, t)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: s, t
  integer :: i
  !$acc parallel num_gangs(2) reduction(+:s) copy(t)
  t = 1
  !$acc loop gang reduction(+:s)
  do i = 1, n
    s = s + i
  end do
  !$acc end parallel
end subroutine gang_after
