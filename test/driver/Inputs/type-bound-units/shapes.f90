module shapes
  implicit none
  type :: shape
    real(8) :: side = 1d0
  contains
    procedure :: area => shape_area
    procedure :: twice
    procedure :: describe
  end type
contains
  real(8) function shape_area(self)
    !$omp declare target
    class(shape), intent(in) :: self
    shape_area = self%side
  end function
  ! Dispatches on the dynamic type, whose table another file makes.
  real(8) function twice(self)
    !$omp declare target
    class(shape), intent(in) :: self
    twice = 2 * self%area()
  end function
  ! For the host alone (no declare target).
  subroutine describe(self)
    class(shape), intent(in) :: self
    print *, 'a shape of side', self%side
  end subroutine
end module
