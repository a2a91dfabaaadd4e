! A scalar member counts on the device; map(to:) never copies it back.
program omp_member_to_scalar
  implicit none
  type counter
    integer :: hits
    real :: w(50)
  end type
  type(counter) :: c
  integer :: i
  c%hits = 0
  c%w = 1.0
  !$omp target map(to: c%hits) map(to: c%w) ! expect-static: map-write-not-from ! expect-run: not-copied-back
  do i = 1, 50
    if (c%w(i) > 0.5) c%hits = c%hits + 1
  end do
  !$omp end target
  if (c%hits == 50) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
