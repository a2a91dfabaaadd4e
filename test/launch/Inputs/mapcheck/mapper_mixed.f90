! A named mapper copying p in only and q both ways; the kernel changes both:
! p's change is lost (not-copied-back at the mapper's l%p clause, line 8).
program mapper_mixed
  implicit none
  type :: pt
    real :: p(4)
    real :: q
  end type
  !$omp declare mapper(m : pt :: l) map(to: l%p) map(tofrom: l%q)
  type(pt) :: v
  v%p = 2.0
  v%q = 0.0
  !$omp target map(mapper(m), tofrom: v)
  v%p(1) = 5.0
  v%q = 1.0
  !$omp end target
  print *, merge('OK   ', 'STALE', v%p(1) == 5.0 .and. v%q == 1.0)
end program
