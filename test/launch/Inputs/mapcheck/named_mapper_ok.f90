! A named mapper maps one component of a type whose other component (an
! allocatable) the host changed: the kernel reads only that component, so
! nothing is stale (the entry is copied by the mapper's components).
module named_mapper_mod
  implicit none
  type :: vec
    integer :: n = 0
    real(8), allocatable :: v(:)
  end type vec
  !$omp declare mapper(only_n: vec :: s) map(s%n)
end module named_mapper_mod

program named_mapper_ok
  use named_mapper_mod
  implicit none
  type(vec) :: t
  integer :: m
  t%n = 20
  allocate(t%v(t%n))
  t%v = 1.0d0
  !$omp target map(tofrom: t)
  t%v(1) = 5.0d0
  !$omp end target
  m = 0
  !$omp target map(mapper(only_n), to: t) map(from: m)
  m = t%n * 2
  !$omp end target
  print '(a, i0, a, f4.1)', 'm = ', m, ' v(1) = ', t%v(1)
end program named_mapper_ok
