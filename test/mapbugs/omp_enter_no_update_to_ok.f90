! A coefficient array entered once; the host rescales it and a later
! kernel still uses the old device copy.
program omp_enter_no_update_to
  implicit none
  real :: w(100), x(100)
  integer :: i
  w = 1.0
  !$omp target enter data map(to: w)
  w = 3.0
  !$omp target update to(w)
  x = 2.0
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, 100
    x(i) = x(i) * w(i)
  end do
  !$omp target exit data map(delete: w)
  if (all(x == 6.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
