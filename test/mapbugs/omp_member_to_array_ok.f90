! The member array is filled on the device; map(to:) never copies it back.
program omp_member_to_array
  implicit none
  type grid
    real :: a(200)
    real :: scale
  end type
  type(grid) :: g
  integer :: i
  g%a = 0.0
  g%scale = 2.0
  !$omp target map(tofrom: g%a) map(to: g%scale)
  do i = 1, 200
    g%a(i) = g%scale * i
  end do
  !$omp end target
  if (g%a(200) == 400.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
