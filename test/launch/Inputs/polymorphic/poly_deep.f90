! A declared type with an allocatable component: flang's mapper copies it
! (deep copy), but only the declared type's part of an extension.
module deep
  implicit none
  type :: base
    integer :: v = 0
    integer, allocatable :: a(:)
  end type
  type, extends(base) :: child
    integer :: w = 0
  end type
end module

program poly_deep
  use deep
  implicit none
  class(base), allocatable :: p, q
  integer :: r
  allocate(q, source=base(1, [2, 3]))
  !$omp target map(tofrom: q) map(from: r)
  r = q%v + sum(q%a)
  !$omp end target
  print '(a, i0)', 'declared type, right: ', r
  allocate(p, source=child(1, [2, 3], 1000))
  !$omp target map(tofrom: p) map(from: r)
  r = p%v + sum(p%a)
  !$omp end target
  print '(a, i0)', 'not reached: ', r
end program
