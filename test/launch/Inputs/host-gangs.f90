! OpenACC gang-redundant code: every one of num_gangs(4) gangs runs it.
program host_gangs
  implicit none
  integer :: s, t, g, i, total
  s = 0
  t = 0
  g = 0
  !$acc parallel num_gangs(4) reduction(+:s) copy(t)
  s = s + 1
  !$acc atomic update
  t = t + 1
  !$acc end parallel
  !$acc parallel num_gangs(4) reduction(+:g)
  g = g + 1
  !$acc end parallel
  total = 0
  !$acc parallel loop num_gangs(4) reduction(+:total)
  do i = 1, 100
    total = total + i
  end do
  print '(a,i0,a,i0,a,i0)', 'gangs=', g, ' redundant=', s, ' atomic=', t
  print '(a,i0)', 'sum=', total
end program
