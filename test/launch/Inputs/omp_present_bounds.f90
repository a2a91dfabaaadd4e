! The OpenMP form: `m` set by a kernel inside `target data`, then the
! bound of a `target teams distribute parallel do` mapping it.
program omp_present_bounds
  implicit none
  real :: a(100)
  integer :: m, i
  a = 0.0
  m = 3
  !$omp target data map(tofrom: m, a)
  !$omp target map(tofrom: m)
  m = 60
  !$omp end target
  !$omp target teams distribute parallel do map(tofrom: m) num_teams(m / 10)
  do i = 1, m
    a(i) = 1.0
  end do
  !$omp end target data
  print '(a,i4,a,f8.1)', 'omp: m', m, ' count', sum(a)
  ! `always, to` copies the host's value in first: the one the loop reads.
  a = 0.0
  !$omp target data map(to: m)
  m = 50
  !$omp target teams distribute parallel do map(always, to: m) map(tofrom: a)
  do i = 1, m
    a(i) = 1.0
  end do
  !$omp end target data
  print '(a,f8.1)', 'always: count', sum(a)
end program
