! A declared type without allocatable components, of a dynamic type that
! adds one: the byte map copied its descriptor, and the device used the
! host's address (a map(to:) object's change reached the host).
module ext
  implicit none
  type :: base
    integer :: v = 0
  contains
    procedure :: bump => base_bump
  end type
  type, extends(base) :: plain
    integer :: w = 0
  end type
  type, extends(base) :: child
    integer, allocatable :: a(:)
  contains
    procedure :: bump => child_bump
  end type
contains
  subroutine base_bump(self)
    !$omp declare target
    class(base), intent(inout) :: self
    self%v = self%v + 1
  end subroutine
  subroutine child_bump(self)
    !$omp declare target
    class(child), intent(inout) :: self
    self%a = self%a + 100
  end subroutine
  subroutine bump(b)
    class(base), intent(inout) :: b
    !$omp target map(to: b)
    call b%bump()
    !$omp end target
  end subroutine
end module

program poly_ext_components
  use ext
  implicit none
  class(base), allocatable :: p
  allocate(p, source=plain(5, 1))
  call bump(p)
  print '(a, i0)', 'plain extension, right: ', p%v
  deallocate(p)
  allocate(p, source=child(1, [2, 3]))
  call bump(p)
  select type (p)
  type is (child)
    print '(a, 2i4)', 'not reached (map(to:) changed the host): ', p%a
  end select
end program
