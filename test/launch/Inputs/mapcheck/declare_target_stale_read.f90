! A declare target array, copied to the device by an update; the host then
! changes g(3). The first kernel overwrites g(3) before reading it (no
! finding); after the host changes g(5) the second kernel reads it: the
! device's old value (found, element 5).
module stale_table
  implicit none
  real :: g(8)
  !$omp declare target(g)
end module
program declare_target_stale_read
  use stale_table
  implicit none
  real :: s, t
  g = 1.0
  !$omp target update to(g)
  g(3) = 5.0
  !$omp target map(from: s)
  g(3) = 2.0
  s = g(3)
  !$omp end target
  g(5) = 9.0
  !$omp target map(from: t)
  t = g(5)
  !$omp end target
  print '(a,2f5.1)', 's t = ', s, t
end program
