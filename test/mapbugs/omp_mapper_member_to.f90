! The default mapper maps the field to the device only, and the kernel
! that maps the whole record through it writes the field.
program omp_mapper_member_to
  implicit none
  type mesh
    real :: x(500)
    real :: h
  end type
  !$omp declare mapper(mesh :: m) map(to: m%x) map(to: m%h) ! expect-static: map-write-not-from ! expect-run: not-copied-back
  type(mesh) :: msh
  integer :: i
  msh%x = 1.0
  msh%h = 0.5
  !$omp target map(tofrom: msh)
  do i = 1, 500
    msh%x(i) = msh%x(i) + msh%h
  end do
  !$omp end target
  if (all(msh%x == 1.5)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
