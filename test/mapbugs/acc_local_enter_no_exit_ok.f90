! The twin: the local's device copy is deleted before the procedure
! returns, so each call's copyin copies its own values in.
module acc_steps
  implicit none
contains
  subroutine step(k, total)
    integer, intent(in) :: k
    real, intent(out) :: total
    real :: w(64)
    integer :: i
    w = real(k)
    !$acc enter data copyin(w)
    total = 0.0
    !$acc serial present(w) copy(total)
    do i = 1, 64
      total = total + w(i)
    end do
    !$acc end serial
    !$acc exit data delete(w)
  end subroutine
end module

program acc_local_enter_no_exit_ok
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
