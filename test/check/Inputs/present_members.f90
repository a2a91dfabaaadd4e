! A component of a polymorphic dummy mapped `present`: its data was mapped
! (by enter data) before the region, so the region's map moves nothing and
! no finding is due; the exit data copies it back.
module present_members_m
  implicit none
  type :: grid
    real, allocatable :: f(:)
  end type
contains
  subroutine twice(g)
    class(grid), intent(inout) :: g
    integer :: i
    !$omp target teams distribute parallel do map(present, to: g%f)
    do i = 1, size(g%f)
      g%f(i) = 2.0 * g%f(i)
    end do
  end subroutine
end module

program present_members
  use present_members_m
  implicit none
  type(grid) :: g
  allocate(g%f(8))
  g%f = 3.0
  !$omp target enter data map(to: g%f)
  call twice(g)
  !$omp target exit data map(from: g%f)
  print *, sum(g%f)
end program
