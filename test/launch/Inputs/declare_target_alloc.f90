! Allocatables under `declare target`, mapped `always, tofrom`: a module's
! and a main program's (a saved variable, internal linkage in flang-22's
! output). The region's update must come back to the host.
module declare_target_alloc_m
  implicit none
  real, allocatable :: g(:)
  !$omp declare target(g)
end module

program declare_target_alloc
  use declare_target_alloc_m
  implicit none
  real, allocatable, save :: p(:)
  !$omp declare target(p)
  allocate(g(4), p(3))
  g = 1
  p = 5
  !$omp target map(always, tofrom: g, p)
  g = g + 1
  p = p * 2
  !$omp end target
  print '(a,4f5.1,a,3f5.1)', 'g =', g, ' p =', p
  if (any(g /= 2) .or. any(p /= 10)) error stop 'declare_target_alloc: FAILED'
  print '(a)', 'declare_target_alloc: PASSED'
end
