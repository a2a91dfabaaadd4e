! OpenMP 5.2 target nowait with depend, ordered by dependences, then taskwait.
program omp_nowait_depend
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n), i
  a = 0
  b = 0
  !$omp target map(tofrom: a) nowait depend(out: a)
  do i = 1, n
    a(i) = i
  end do
  !$omp end target
  !$omp target map(tofrom: a, b) nowait depend(in: a) depend(out: b)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$omp end target
  !$omp taskwait
  call check_i('depend_chain', sum(b), n * (n + 1))

contains
  include 'check.fi'
end program omp_nowait_depend
