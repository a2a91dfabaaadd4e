! if on a compute construct (acc-if-clause-lowering: the device construct
! in one branch, the host version with its clauses' host semantics in the
! other) and on a data construct, with an implicitly firstprivate scalar.
subroutine scale_if(n, a, flag, k)
  implicit none
  integer, intent(in) :: n, k
  logical, intent(in) :: flag
  real, intent(inout) :: a(n)
  integer :: i
  !$acc data copy(a) if(flag)
  !$acc parallel loop if(flag)
  do i = 1, n
    a(i) = a(i) * k
  end do
  !$acc end data
end subroutine scale_if
