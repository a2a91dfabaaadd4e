! A CLASS(base) component, base without allocatable components: the
! mapper copies it as the bytes its dynamic type has. An extension with
! plain data maps right; one that adds an allocatable component copied its
! descriptor, and the device's writes reached the host's data under
! map(to:) (1 102 103 for 1 2 3): the construct stops before the map.
module poly_component_bytes_m
  implicit none
  type :: base
    integer :: v = 0
  contains
    procedure :: bump => base_bump
  end type
  type, extends(base) :: plain
    integer :: p(2) = 0
  contains
    procedure :: bump => plain_bump
  end type
  type, extends(base) :: child
    integer, allocatable :: a(:)
  contains
    procedure :: bump => child_bump
  end type
  type :: holder
    integer :: n = 0
    class(base), allocatable :: c
  end type
contains
  subroutine base_bump(self)
    !$omp declare target
    class(base), intent(inout) :: self
    self%v = self%v + 1
  end subroutine
  subroutine plain_bump(self)
    !$omp declare target
    class(plain), intent(inout) :: self
    self%v = self%v + 1
    self%p = self%p + 100
  end subroutine
  subroutine child_bump(self)
    !$omp declare target
    class(child), intent(inout) :: self
    self%v = self%v + 1
    self%a = self%a + 100
  end subroutine
end module

program poly_component_bytes
  use poly_component_bytes_m
  implicit none
  type(holder) :: h, g
  allocate(g%c, source=plain(1, [2, 3]))
  !$omp target map(tofrom: g)
  call g%c%bump()
  !$omp end target
  select type (c => g%c)
  type is (plain)
    print '(a, 3i5)', 'plain extension, right (2 102 103):', c%v, c%p
  end select
  allocate(h%c, source=child(1, [2, 3]))
  !$omp target map(to: h)
  call h%c%bump()
  !$omp end target
  select type (c => h%c)
  type is (child)
    print '(a, 3i5)', 'not reached (OpenMP 1 2 3):', c%v, c%a
  end select
end program
