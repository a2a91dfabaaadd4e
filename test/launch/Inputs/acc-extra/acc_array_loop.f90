! Array expressions in sequential loops: a kernels region whose outer loop
! runs sequentially (an scf.for once lowered) around an array assignment
! with an elemental expression (a fir.do_loop once lowered). Lowering
! fir.do_loop to blocks inside the scf.for made invalid IR.
subroutine array_loop(n, t, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: t(n)
  real(8), intent(in) :: u(n)
  integer :: it
  !$acc kernels copy(t) copyin(u)
  do it = 1, 3
    t(2:n-1) = u(2:n-1) + t(2:n-1) * 0.5d0
  end do
  !$acc end kernels
end subroutine array_loop
