! A module whose declare target a macro spells (a portability header's
! way to name the device side).
#define ON_DEVICE target
module grid
  implicit none
  integer :: nx = 1
  real(8) :: w(4)
  !$omp declare ON_DEVICE(nx, w)
end module grid
