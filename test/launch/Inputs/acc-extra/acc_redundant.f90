! Gang-redundant code before a gang loop with num_gangs(4): every gang runs
! the assignment, the gangs share the loop. LLVM 22 crashes on code before
! distribute unless the loop bounds are evaluated on the host (host_eval).
subroutine redundant(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(out) :: b(4)
  integer :: i
  !$acc parallel num_gangs(4) copy(a) copyout(b)
  b(1) = 5.0
  !$acc loop gang
  do i = 1, n
    a(i) = a(i) * 2.0
  end do
  !$acc end parallel
end subroutine redundant

! The same with a gang vector loop that reduces into the construct's copy:
! teams { code; parallel { distribute { wsloop } } } (composite), bounds
! host-evaluated, each team's threads reducing into the team's copy.
subroutine redundant_gv(n, a, t, s)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n), t, s
  integer :: i
  !$acc parallel num_gangs(4) copy(a, t) reduction(+:s)
  t = 1.0
  !$acc loop gang vector reduction(+:s)
  do i = 1, n
    a(i) = a(i) * 2.0
    s = s + a(i)
  end do
  !$acc end parallel
end subroutine redundant_gv
