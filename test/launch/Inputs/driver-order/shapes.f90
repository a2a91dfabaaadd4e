module shapes
  implicit none
  interface
    module function area(w) result(a)
      real, intent(in) :: w
      real :: a
    end function
  end interface
end module
