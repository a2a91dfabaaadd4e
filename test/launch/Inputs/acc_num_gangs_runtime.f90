! num_gangs with a value known only at run time, around gang-redundant
! code: every gang runs it once.
program acc_num_gangs_runtime
  implicit none
  integer :: fixed, known_late, ng
  ng = 3
  fixed = 0
  known_late = 0
  !$acc parallel num_gangs(3) reduction(+:fixed)
  fixed = fixed + 1
  !$acc end parallel
  !$acc parallel num_gangs(ng) reduction(+:known_late)
  known_late = known_late + 1
  !$acc end parallel
  print '(a,i3,a,i3)', 'gangs', fixed, ' run-time', known_late
end program acc_num_gangs_runtime
