module fields
  implicit none
  type grid
    real :: a(100)
    real :: scale
  end type
end module

subroutine fill(t)
  use fields
  implicit none
  type(grid), intent(inout) :: t
  integer :: i
  ! The member is written on the device, but map(to:) never copies it back.
  !$omp target map(to: t%a)
  do i = 1, 100
    t%a(i) = 2.0 * i
  end do
  !$omp end target
end subroutine
