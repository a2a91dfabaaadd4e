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
