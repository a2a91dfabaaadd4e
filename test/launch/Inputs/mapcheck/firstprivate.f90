! s and flag are firstprivate (no map clause): the region's values stay on
! the device and the host reads its own. k, a DO loop index, is private to
! the construct: reading it afterwards is no finding, nor is reading m,
! which the region only reads, nor t, which the host sets before reading.
program firstprivate
  implicit none
  integer, parameter :: n = 50
  real :: a(n), s, t
  integer :: k, m
  logical :: flag
  a = 2.0
  s = 0.0
  t = 0.0
  m = 3
  flag = .false.
  k = 0
  !$omp target map(to: a)
  do k = 1, n
    s = s + a(k) * m
    t = t + 1.0
  end do
  if (s > 10.0) flag = .true.
  !$omp end target
  t = 1.0
  print '(a,f6.1,a,l1,a,i3,a,i2,a,f4.1)', 's = ', s, ' flag = ', flag, &
      ' k = ', k, ' m = ', m, ' t = ', t
end program
