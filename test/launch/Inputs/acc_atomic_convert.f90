! OpenACC atomic read and capture into a variable of another type than the
! atomic variable: the value is converted as an assignment converts it.
program acc_atomic_convert
  implicit none
  integer, parameter :: n = 8
  integer :: x4, v4(n), i, bad
  integer(8) :: x8
  real :: vr
  real(8) :: vd(n)
  x4 = 7; vr = -1
  !$acc serial copy(x4, vr)
  !$acc atomic read
  vr = x4
  !$acc end serial
  print '(a,f5.1)', 'read real from integer: ', vr
  x8 = 0; v4 = -1; vd = -1
  !$acc parallel loop copy(x8) copyout(v4, vd)
  do i = 1, n
    !$acc atomic capture
    v4(i) = x8
    x8 = x8 + 2
    !$acc end atomic
    !$acc atomic capture
    x8 = x8 + 1
    vd(i) = x8
    !$acc end atomic
  end do
  bad = 0
  do i = 0, 3 * n
    ! Each form captures a value x8 held at most once.
    if (count(v4 == i) > 1 .or. count(nint(vd) == i) > 1) bad = bad + 1
  end do
  print '(a,i0,a,i0)', 'captures: x8 = ', x8, ' repeated values: ', bad
  print '(a,l1)', 'all in range: ', all(v4 >= 0 .and. v4 < 3 * n) .and. all(vd > 0 .and. vd <= 3 * n)
end program
