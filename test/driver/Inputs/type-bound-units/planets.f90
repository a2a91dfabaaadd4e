module planets
  use bodies
  implicit none
  type, extends(body) :: planet
    real(8) :: radius = 1d0
  contains
    procedure :: mass => planet_mass
  end type
contains
  real(8) function planet_mass(self)
    !$omp declare target
    class(planet), intent(in) :: self
    planet_mass = self%density * self%radius**3
  end function
end module
