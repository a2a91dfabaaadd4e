! The residual norm of the discrete equation, a reduction on the device.
module jacobi_norm
  use jacobi_kinds, only: dp
  implicit none
  private
  public :: residual_norm

contains

  function residual_norm(nx, ny, h, u, f) result(r)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: h, u(nx, ny), f(nx, ny)
    real(dp) :: r
    integer :: i, j
    real(dp) :: h2, d, s
    h2 = h * h
    s = 0.0_dp
    !$omp target teams distribute parallel do collapse(2) private(d) &
    !$omp& reduction(+:s) map(tofrom: s)
    do j = 2, ny - 1
      do i = 2, nx - 1
        d = h2 * f(i, j) + u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + &
            u(i, j + 1) - 4.0_dp * u(i, j)
        s = s + d * d
      end do
    end do
    r = sqrt(s) / h2
  end function residual_norm

end module jacobi_norm
