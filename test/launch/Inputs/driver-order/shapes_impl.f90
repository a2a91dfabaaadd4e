submodule (shapes) shapes_impl
contains
  module function area(w) result(a)
    real, intent(in) :: w
    real :: a
    a = w * w
  end function
end submodule
