! Scalar members of common blocks declared target: the region uses the
! device's block, whose value `target update` moves (flang-22 captured the
! member by copy, as a local scalar, and the region's write was lost).
program declare_target_common
  implicit none
  integer :: ncall, seen
  real :: scale, weights(3)
  common /cst/ ncall, scale
  common /lnk/ seen, weights
  !$omp declare target(/cst/)
  !$omp declare target link(/lnk/)
  ncall = 0; scale = 2.0
  !$omp target update to(/cst/)
  !$omp target
  ncall = ncall + 1
  scale = scale * 3.0
  !$omp end target
  !$omp target update from(/cst/)
  print '(a,i3,f5.1)', 'declare target:', ncall, scale
  seen = 4; weights = 1.0
  !$omp target
  seen = seen + 1
  !$omp end target
  print '(a,i3)', 'declare target link:', seen
end program
