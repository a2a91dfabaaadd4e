module weights
  implicit none
contains
  pure real(8) function weight(x)
    real(8), intent(in) :: x
    weight = 0.5d0 * x
  end function
end module
