! OpenACC: a procedure copies its local work array in with enter data and
! never deletes it: the device copy outlives the call, the next call's
! local lies at its address, its copyin finds it present and copies
! nothing: the second call sums the first call's values.
module acc_steps
  implicit none
contains
  subroutine step(k, total)
    integer, intent(in) :: k
    real, intent(out) :: total
    real :: w(64)
    integer :: i
    w = real(k)
    !$acc enter data copyin(w) ! expect-static: local-left-mapped
    total = 0.0
    !$acc serial present(w) copy(total) ! expect-run: stale-device-copy
    do i = 1, 64
      total = total + w(i)
    end do
    !$acc end serial
  end subroutine
end module

program acc_local_enter_no_exit
  use acc_steps
  implicit none
  real :: t1, t2
  call step(1, t1)
  call step(2, t2)
  if (t1 == 64.0 .and. t2 == 128.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
