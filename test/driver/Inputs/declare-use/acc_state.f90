! OpenACC: module variables in `declare create`, changed on the device by
! another file's compute construct (declare-target-use.test).
module acc_state
  implicit none
  real(8) :: cnt
  real(8) :: tab(10)
  !$acc declare create(cnt, tab)
contains
  subroutine init()
    integer :: i
    cnt = 5
    do i = 1, 10
      tab(i) = i
    end do
    !$acc update device(cnt, tab)
  end subroutine
  real(8) function look(i)
    !$acc routine seq
    integer, intent(in) :: i
    look = tab(i) + cnt
  end function
end module
