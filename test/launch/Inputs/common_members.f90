! Members of global storage at an offset into it: a common block's second
! member, and an EQUIVALENCE member. Their elements with constant
! subscripts in a target region must be the mapped data's (flang-22 and
! LLVM 22 made them the device image's own copy of the block, or a place
! past the first member's device buffer).
program common_members
  implicit none
  real(8) :: u(6), v(3), big(10), tail(3), r
  common /blk/ u, v
  equivalence (big(6), tail(1))
  u = 1; v = 2; big = 0
  !$omp target map(tofrom: v)
  v(2) = 12; v(3) = 13
  !$omp end target
  print '(a,3f5.0)', 'second member written:', v
  v(3) = 7
  !$omp target map(to: v) map(from: r)
  r = v(3)
  !$omp end target
  print '(a,f5.0)', 'second member read:', r
  v = 2
  !$omp target map(tofrom: u, v)
  u(2:6) = u(1:5) + v(1)
  v(3) = sum(u)
  !$omp end target
  print '(a,6f4.0,3f5.0)', 'both members:', u, v
  !$omp target map(tofrom: tail)
  tail(1) = 1; tail(2) = 2; tail(3) = 3
  !$omp end target
  print '(a,10f3.0)', 'equivalence member:', big
end program
