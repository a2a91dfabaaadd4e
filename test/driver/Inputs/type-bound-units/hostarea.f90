module hostareas
  use shapes
  implicit none
  ! Overrides `area` with a procedure for the host alone.
  type, extends(shape) :: disc
  contains
    procedure :: area => disc_area
  end type
contains
  real(8) function disc_area(self)
    class(disc), intent(in) :: self
    disc_area = 3d0 * self%side**2
  end function
end module
program hostarea
  use hostareas
  implicit none
  real(8) :: r
  !$omp target map(from: r)
  block
    type(disc) :: d
    r = d%twice()
  end block
  !$omp end target
  print *, 'not reached', r
end program
