! Overrides one inherited binding, two levels down.
module squares
  use rects
  implicit none
  type, extends(rect) :: square
  contains
    procedure :: area => square_area
  end type
contains
  real(8) function square_area(self)
    !$omp declare target
    class(square), intent(in) :: self
    square_area = self%side**2
  end function
end module
