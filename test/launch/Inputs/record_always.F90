! map(always, from: q) of a record with an allocatable component, present:
! LLVM 22's mapper copied the record back and not q%x (the host kept 5
! for the device's 2). Without `always`, with the component's update, it
! is right.
program record_always
  type t
    real, allocatable :: x(:)
  end type
  type(t) :: q
  real :: r
  q%x = [1.0, 1.0, 1.0, 1.0]
  !$omp target enter data map(to: q)
  !$omp target
  q%x = q%x + 1.0
  !$omp end target
  q%x = 5.0
  r = 0
#ifdef UPDATE
  !$omp target map(from: r)
  r = q%x(1)
  !$omp end target
  !$omp target update from(q%x)
#else
  !$omp target map(always, from: q) map(from: r)
  r = q%x(1)
  !$omp end target
#endif
  !$omp target exit data map(release: q)
  print *, 'device saw', r, ' host has', q%x(1)
end program
