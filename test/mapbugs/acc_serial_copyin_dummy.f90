! A serial region in a subroutine fills an explicit-shape dummy copied in
! only.
program acc_serial_copyin_dummy
  implicit none
  real :: v(10)
  v = 1.0
  call scan(v, 10)
  if (v(10) == 10.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
contains
  subroutine scan(x, n)
    integer, intent(in) :: n
    real, intent(inout) :: x(n)
    integer :: i
    !$acc serial copyin(x) ! expect-static: acc-write-not-copied-out ! expect-run: not-copied-back
    do i = 2, n
      x(i) = x(i) + x(i - 1)
    end do
    !$acc end serial
  end subroutine
end program
