! An allocatable entered, then reassigned on the host as a whole: the kernel
! still reads the old device copy.
program acc_enter_realloc_stale
  implicit none
  integer, parameter :: n = 200
  real, allocatable :: a(:)
  integer :: i
  allocate(a(n))
  a = 1.0
  !$acc enter data copyin(a)
  a = 2.0
  !$acc update device(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$acc exit data copyout(a)
  if (all(a == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
