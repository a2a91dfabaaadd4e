! One Jacobi sweep: unew from u on the interior points.
module jacobi_sweep
  use jacobi_kinds, only: dp
  implicit none
  private
  public :: sweep

contains

  subroutine sweep(nx, ny, h, u, unew, f)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: h, u(nx, ny), f(nx, ny)
    real(dp), intent(inout) :: unew(nx, ny)
    integer :: i, j
    real(dp) :: h2
    h2 = h * h
    !$omp target teams distribute parallel do collapse(2)
    do j = 2, ny - 1
      do i = 2, nx - 1
        unew(i, j) = 0.25_dp * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + &
            u(i, j + 1) + h2 * f(i, j))
      end do
    end do
  end subroutine sweep

end module jacobi_sweep
