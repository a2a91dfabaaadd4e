! Inherits every binding: this file builds none of their procedures.
module rects
  use shapes
  implicit none
  type, extends(shape) :: rect
    real(8) :: width = 2d0
  end type
end module
