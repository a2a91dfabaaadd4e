! nowait target regions completed by implicit barriers: the end of a
! single, and of a parallel region. A host read inside the single, before
! its barrier, is still too early.
program nowait_barriers
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), c(n)
  integer :: i
  a = 0.0; b = 0.0; c = 0.0
  !$omp parallel num_threads(2)
  !$omp single
  !$omp target teams distribute parallel do map(tofrom: a) nowait
  do i = 1, n
    a(i) = 1.0
  end do
  !$omp end single
  !$omp end parallel
  print *, sum(a)
  !$omp parallel num_threads(2)
  !$omp target teams distribute parallel do map(tofrom: b) nowait
  do i = 1, n
    b(i) = 2.0
  end do
  !$omp end parallel
  print *, sum(b)
  !$omp parallel num_threads(2)
  !$omp single
  !$omp target teams distribute parallel do map(tofrom: c) nowait
  do i = 1, n
    c(i) = 3.0
  end do
  print *, sum(c)
  !$omp end single
  !$omp end parallel
end program
