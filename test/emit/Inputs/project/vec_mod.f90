! A module of one file, used from another (use_vec.f90).
module vec_mod
  use scale_mod, only: factor
  implicit none
  integer, parameter :: n = 64
  real :: v(n)
  !$omp declare target(v)
contains
  subroutine fill()
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      v(i) = factor * i
    end do
  end subroutine
end module vec_mod
