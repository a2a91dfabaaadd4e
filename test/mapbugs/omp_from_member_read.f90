! The member is incremented on the device but only mapped from.
program omp_from_member_read
  implicit none
  type state
    real :: v(100000)
    integer :: steps
  end type
  type(state) :: st
  integer :: i
  st%v = 1.0
  st%steps = 0
  !$omp target map(from: st%v) ! expect-static: map-read-before-write ! expect-run: uninitialized-read
  do i = 1, size(st%v)
    st%v(i) = st%v(i) + 1.0
  end do
  !$omp end target
  if (all(st%v == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
