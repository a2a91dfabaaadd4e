program use_twice
  use twice_mod
  implicit none
  integer :: s, k
  s = 0
  do k = 1, 3
    !$omp target map(tofrom: s)
    s = s + twice(7)
    !$omp end target
  end do
  !$omp target update from(calls)
  print '(a,i0,a,i0)', 'sum ', s, ' calls ', calls
end program
