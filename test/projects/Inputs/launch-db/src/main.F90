program main
  use consts
  implicit none
  integer :: s
  s = 0
  !$omp target map(tofrom: s)
  s = base + EXTRA
  !$omp end target
  print '(a,i0)', 's = ', s
end program main
