! A recorded launch's figures, known exactly: one data region copying `a`
! in and `b` out once (2048 bytes each), a kernel launched three times
! inside it asking for 4 teams of 64 threads, and one more kernel with no
! grid asked for that maps `s` tofrom (8 bytes each way).
program grid
  implicit none
  integer, parameter :: n = 256
  real(8) :: a(n), b(n), s
  integer :: i, k
  a = 1.0d0
  b = 0.0d0
  s = 0.0d0
  !$omp target data map(to: a) map(from: b)
  do k = 1, 3
    !$omp target teams distribute parallel do num_teams(4) thread_limit(64)
    do i = 1, n
      b(i) = b(i) + a(i) * k
    end do
  end do
  !$omp end target data
  !$omp target map(tofrom: s)
  s = s + 1.0d0
  !$omp end target
  print '(a,f6.1,a,f4.1)', 'b(n) = ', b(n), ' s = ', s
end program grid
