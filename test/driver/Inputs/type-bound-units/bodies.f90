module bodies
  implicit none
  type :: body
    real(8) :: density = 1d0
  contains
    procedure :: mass => body_mass
  end type
contains
  real(8) function body_mass(self)
    !$omp declare target
    class(body), intent(in) :: self
    body_mass = self%density
  end function
  ! Dispatches on the dynamic type, which may be another file's.
  real(8) function weight(x)
    !$omp declare target
    class(body), intent(in) :: x
    weight = 10d0 * x%mass()
  end function
end module
