! Initial fields, set on the device: zero inside, a parabola on the top
! edge (y = 1), zero on the other edges; f holds the source term.
module jacobi_init
  use jacobi_kinds, only: dp, source
  implicit none
  private
  public :: init_fields, boundary_value

contains

  pure function boundary_value(i, j, nx, ny) result(v)
    !$omp declare target
    integer, intent(in) :: i, j, nx, ny
    real(dp) :: v
    real(dp) :: x
    v = 0.0_dp
    if (j == ny) then
      x = real(i - 1, dp) / real(nx - 1, dp)
      v = 4.0_dp * x * (1.0_dp - x)
    end if
  end function boundary_value

  subroutine init_fields(nx, ny, u, unew, f)
    integer, intent(in) :: nx, ny
    real(dp), intent(out) :: u(nx, ny), unew(nx, ny), f(nx, ny)
    integer :: i, j
    !$omp target teams distribute parallel do collapse(2)
    do j = 1, ny
      do i = 1, nx
        f(i, j) = source
        u(i, j) = boundary_value(i, j, nx, ny)
        unew(i, j) = u(i, j)
      end do
    end do
  end subroutine init_fields

end module jacobi_init
