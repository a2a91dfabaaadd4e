! The grid: sizes, spacing and the fields, allocated once.
module grid
  use jacobi_kinds, only: dp
  implicit none
  private
  public :: grid_create, grid_destroy

  integer, public :: nx = 0, ny = 0
  real(dp), public :: h = 0.0_dp
  ! u: the solution; unew: the next iterate; f: the source term.
  real(dp), allocatable, public :: u(:, :), unew(:, :), f(:, :)

contains

  subroutine grid_create(nx_in, ny_in)
    integer, intent(in) :: nx_in, ny_in
    nx = nx_in
    ny = ny_in
    h = 1.0_dp / real(max(nx, ny) - 1, dp)
    allocate(u(nx, ny), unew(nx, ny), f(nx, ny))
  end subroutine grid_create

  subroutine grid_destroy()
    deallocate(u, unew, f)
    nx = 0
    ny = 0
  end subroutine grid_destroy

end module grid
