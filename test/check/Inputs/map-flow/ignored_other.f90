! A comment naming other checks silences nothing here.
program omp_enter_exit_release
  implicit none
  integer, parameter :: n = 800
  real :: a(n)
  integer :: i
  a = 1.0
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target exit data map(release: a) ! ompx-ignore(map-write-not-from, nowait-host-access)
  if (all(a == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
