! The same iteration on the host with plain loops, to validate the device's
! results: the final field, and the monitor value and residual at each check.
module jacobi_reference
  use jacobi_kinds, only: dp, source
  use jacobi_init, only: boundary_value
  implicit none
  private
  public :: reference_solve

contains

  subroutine reference_solve(nx, ny, h, iters, check_every, imid, jmid, &
                             uref, monitor, residual)
    integer, intent(in) :: nx, ny, iters, check_every, imid, jmid
    real(dp), intent(in) :: h
    real(dp), intent(out) :: uref(nx, ny), monitor(:), residual(:)
    real(dp), allocatable :: tmp(:, :)
    integer :: i, j, k, ncheck

    allocate(tmp(nx, ny))
    do j = 1, ny
      do i = 1, nx
        uref(i, j) = boundary_value(i, j, nx, ny)
      end do
    end do
    tmp = uref
    ncheck = 0
    do k = 1, iters
      call host_sweep(uref, tmp)
      call host_sweep(tmp, uref)
      if (mod(k, check_every) == 0) then
        ncheck = ncheck + 1
        monitor(ncheck) = uref(imid, jmid)
        residual(ncheck) = host_residual(uref)
      end if
    end do

  contains

    subroutine host_sweep(from, to)
      real(dp), intent(in) :: from(:, :)
      real(dp), intent(inout) :: to(:, :)
      integer :: ii, jj
      do jj = 2, ny - 1
        do ii = 2, nx - 1
          to(ii, jj) = 0.25_dp * (from(ii - 1, jj) + from(ii + 1, jj) + &
              from(ii, jj - 1) + from(ii, jj + 1) + h * h * source)
        end do
      end do
    end subroutine host_sweep

    function host_residual(v) result(r)
      real(dp), intent(in) :: v(:, :)
      real(dp) :: r, d
      integer :: ii, jj
      r = 0.0_dp
      do jj = 2, ny - 1
        do ii = 2, nx - 1
          d = h * h * source + v(ii - 1, jj) + v(ii + 1, jj) + v(ii, jj - 1) + &
              v(ii, jj + 1) - 4.0_dp * v(ii, jj)
          r = r + d * d
        end do
      end do
      r = sqrt(r) / (h * h)
    end function host_residual

  end subroutine reference_solve

end module jacobi_reference
