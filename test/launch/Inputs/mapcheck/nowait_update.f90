! `target update ... nowait`: a's copy back is read before the taskwait
! that completes it (a race); b's after it (right).
program nowait_update
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), early, late
  integer :: i
  a = 0.0
  b = 0.0
  !$omp target enter data map(to: a, b)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 1.0
    b(i) = 2.0
  end do
  !$omp target update from(a) nowait
  early = a(n)
  !$omp target update from(b) nowait
  !$omp taskwait
  late = b(n)
  print '(a,2f5.1)', 'late, b(n):', late, b(n)
  !$omp target exit data map(delete: a, b)
end program nowait_update
