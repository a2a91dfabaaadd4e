! The host update comes before the kernel that writes b: it copies back
! nothing the kernel wrote.
program acc_update_self_early
  implicit none
  integer, parameter :: n = 500
  real :: b(n)
  integer :: i
  b = 1.0
  !$acc data copyin(b) ! expect-static: acc-write-not-copied-out ! expect-run: not-copied-back
  !$acc update self(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = 2.0 * b(i)
  end do
  !$acc end data
  if (all(b == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
