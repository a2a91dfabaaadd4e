! A record with a CLASS(base) component, base having an allocatable
! component: the record's mapper copies the component through base's
! mapper, the declared type's part only.
module deepcomp
  implicit none
  type :: base
    integer :: v = 0
    integer, allocatable :: a(:)
  end type
  type, extends(base) :: child
    integer :: w = 0
  end type
  type :: holder
    class(base), allocatable :: c
  end type
end module

program poly_component_deep
  use deepcomp
  implicit none
  type(holder) :: h
  integer :: r
  allocate(h%c, source=child(1, [2, 3], 1000))
  !$omp target map(tofrom: h) map(from: r)
  r = h%c%v
  !$omp end target
  print *, r
end program
