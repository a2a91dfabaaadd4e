! A gang loop bounded by size(x) of a deviceptr dummy: the bound is read
! from the region's descriptor, which LLVM 22 needs on the host.
subroutine dev_add(x)
  real(8) :: x(:)
  integer :: i
  !$acc parallel loop deviceptr(x)
  do i = 1, size(x)
    x(i) = x(i) + 1d0
  end do
end subroutine
