! The kernel writes `a` in one branch and `update self(a)` is in the other:
! the update never copies what the kernel wrote.
program acc_update_branch
  implicit none
  real :: a(64)
  logical :: c
  integer :: i
  a = 1.0
  c = .true.
  !$acc data copyin(a)
  if (c) then
    !$acc parallel loop
    do i = 1, 64
      a(i) = 2.0 * a(i)
    end do
  else
    !$acc update self(a)
  end if
  !$acc end data
  print *, a(1)
end program
