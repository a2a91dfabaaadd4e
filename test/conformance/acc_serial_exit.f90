! OpenACC serial region whose loop leaves with exit.
program acc_serial_exit
  implicit none
  integer, parameter :: n = 50
  integer :: i, s
  s = 0
  !$acc serial copy(s)
  do i = 1, n
    if (i > 10) exit
    s = s + i
  end do
  !$acc end serial
  call check_i('serial_exit', s, 55)
contains
  include 'check.fi'
end program acc_serial_exit
