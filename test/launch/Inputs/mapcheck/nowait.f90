! A deferred kernel's data touched by the host before the taskwait: its
! result read (tofrom), and an input (to) overwritten. After the taskwait
! the host uses both freely.
program nowait
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n), s
  integer :: i
  a = 0.0
  b = 1.0
  !$omp target map(tofrom: a) map(to: b) nowait
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
  !$omp end target
  s = a(1)
  b = 2.0
  !$omp taskwait
  s = s + a(2) + b(3)
  print '(a,f5.1)', 's = ', s
end program
