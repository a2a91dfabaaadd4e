! The CLASS component's record is itself a component (in place) of the
! mapped record: outer's mapper maps h through holder's mapper. The
! compile-time refusal missed it and the extension's w came back as
! garbage (434 for 1001); the construct now checks o%h%c.
module poly_component_nested_m
  implicit none
  type :: base
    integer :: v = 0
    integer, allocatable :: a(:)
  contains
    procedure :: get => base_get
  end type
  type, extends(base) :: child
    integer :: w = 0
  contains
    procedure :: get => child_get
  end type
  type :: holder
    class(base), allocatable :: c
  contains
    procedure :: hget
  end type
  type :: outer
    integer :: k = 0
    type(holder) :: h
  end type
contains
  integer function hget(self)
    !$omp declare target
    class(holder), intent(in) :: self
    hget = self%c%get()
  end function
  integer function base_get(self)
    !$omp declare target
    class(base), intent(in) :: self
    base_get = self%v
  end function
  integer function child_get(self)
    !$omp declare target
    class(child), intent(in) :: self
    child_get = self%v + self%w
  end function
end module

program poly_component_nested
  use poly_component_nested_m
  implicit none
  type(outer) :: o, p
  integer :: r
  allocate(p%h%c, source=base(7, [1]))
  !$omp target map(tofrom: p) map(from: r)
  r = p%h%hget()
  !$omp end target
  print '(a,i0)', 'declared type, right (7): ', r
  allocate(o%h%c, source=child(1, [2, 3], 1000))
  !$omp target map(tofrom: o) map(from: r)
  r = o%h%hget()
  !$omp end target
  print '(a,i0)', 'not reached (1001): ', r
end program
