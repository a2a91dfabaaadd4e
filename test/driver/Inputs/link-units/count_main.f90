program count_main
  use counter
  implicit none
  integer :: i
  hits = 0
  weights = 1
  !$omp target map(tofrom: hits, weights)
  do i = 1, 8
    call bump(i)
  end do
  !$omp end target
  print '(a,i0,a,f6.1)', 'hits ', hits, ' sum ', sum(weights)
end program
