! An allocatable entered, scaled by kernels in a loop, then deleted while
! the host still needs the result.
program acc_enter_exit_alloc
  implicit none
  real, allocatable :: q(:)
  integer :: i, it
  allocate(q(300))
  q = 1.0
  !$acc enter data copyin(q)
  do it = 1, 3
    !$acc parallel loop present(q)
    do i = 1, size(q)
      q(i) = 2.0 * q(i)
    end do
  end do
  !$acc exit data copyout(q)
  if (all(q == 8.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
