! Declarations: a declare mapper (and the map entries of its clause) and
! an acc routine, which flang locates at its function's line.
module shapes
  implicit none
  type :: vec
    integer :: n
    real, allocatable :: v(:)
  end type
  !$omp declare mapper (vec :: x) map(x, x%v(1:x%n))
contains
  real function twice(a)
    !$acc routine seq
    real, intent(in) :: a
    twice = 2.0 * a
  end function
  real function thrice(a)
    !$omp declare target
    real, intent(in) :: a
    thrice = 3.0 * a
  end function
end module
program decl
  use shapes
  implicit none
  type(vec) :: p
  integer :: i
  p%n = 8
  allocate(p%v(8))
  p%v = 1.0
  !$omp target map(tofrom: p)
  do i = 1, p%n
    p%v(i) = thrice(p%v(i))
  end do
  !$omp end target
  !$acc parallel loop copy(p%v)
  do i = 1, 8
    p%v(i) = twice(p%v(i))
  end do
  print *, sum(p%v)
end program
