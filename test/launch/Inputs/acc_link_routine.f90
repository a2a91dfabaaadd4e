! OpenACC `declare link` data read by a `routine seq` a loop calls inside a
! data region that copies it in.
module acc_linked
  implicit none
  real(8) :: w(6)
  !$acc declare link(w)
contains
  real(8) function weight(i)
    !$acc routine seq
    integer, intent(in) :: i
    weight = w(i) * 10
  end function
end module

program acc_link_routine
  use acc_linked
  implicit none
  real(8) :: out(6)
  integer :: i
  do i = 1, 6
    w(i) = i
  end do
  out = -1
  !$acc data copyin(w)
  !$acc parallel loop copyout(out)
  do i = 1, 6
    out(i) = weight(i)
  end do
  !$acc end data
  print '(a,6f6.1)', 'routine read: ', out
end program
