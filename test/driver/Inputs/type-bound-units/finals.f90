module finals
  implicit none
  integer :: released = 0
  !$omp declare target(released)
  type :: resource
    integer :: id = 0
  contains
    final :: release
  end type
contains
  subroutine release(self)
    !$omp declare target
    type(resource), intent(inout) :: self
    released = released + self%id
  end subroutine
end module
