! OpenACC private copies of derived-type variables: a fixed-size array of
! records and a record scalar, on a loop and on a serial region. The host's
! variables keep their values.
program acc_record_private
  implicit none
  type cell
    real :: w
    integer :: tag
  end type
  type(cell) :: cs(4), one
  real :: got(8)
  integer :: i
  cs%w = -1; cs%tag = -1
  one%w = -5; one%tag = -5
  !$acc parallel loop private(cs, one) copyout(got)
  do i = 1, 8
    cs%w = i
    cs%tag = 2 * i
    one%w = 10 * i
    got(i) = sum(cs%w) + sum(cs%tag) + one%w
  end do
  print '(a,8f6.0)', 'loop:', got
  !$acc serial private(cs) copyout(got)
  cs%w = 3
  got(1) = sum(cs%w)
  !$acc end serial
  print '(a,f6.0)', 'serial:', got(1)
  print '(a,4f4.0,4i3,f4.0)', 'host:', cs%w, cs%tag, one%w
end program
