! Two units, each with a target region over two dummy arrays (which may
! share storage: ompx's alias cover compares them at run time in a
! function each unit gets) and a polymorphic map (whose guard walks the
! type information in another): linked together, the functions of the two
! units were defined twice.
module shapes
  implicit none
  type :: base
    integer :: v = 0
  end type
contains
  subroutine bump(p)
    class(base), intent(inout) :: p
    !$omp target map(tofrom: p)
    p%v = p%v + 1
    !$omp end target
  end subroutine
end module

subroutine add(a, b, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  !$omp target
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
  !$omp end target
end subroutine
