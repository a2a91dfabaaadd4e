! OpenMP 5.2 target enter/exit data with nowait and depend, ordered with a
! target nowait region by dependences.
program omp_nowait_data
  implicit none
  integer, parameter :: n = 40
  integer :: b(n), i
  b = 1
  !$omp target enter data map(to: b) nowait depend(out: b)
  !$omp target nowait depend(inout: b)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  !$omp end target
  !$omp target exit data map(from: b) nowait depend(in: b)
  !$omp taskwait
  call check_i('data_nowait', sum(b), 2 * n)
contains
  include 'check.fi'
end program omp_nowait_data
