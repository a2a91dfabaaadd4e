! Each iteration of a composite loop counted: 100 when each runs once.
program host_composite_count
  implicit none
  integer :: i, total
  total = 0
  !$omp teams distribute parallel do num_teams(4) schedule(static, 4) reduction(+:total)
  do i = 1, 100
    total = total + 1
  end do
  print '(a,i0)', 'iterations run: ', total
end program
