! Compute constructs on data that the caller's data region holds.
module kernels
  use vecmath, only: dp, poly, smooth
  implicit none
  private
  public :: apply_poly, apply_smooth

contains

  ! y = poly(x) * w
  subroutine apply_poly(n, x, w, y)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n), w(n)
    real(dp), intent(out) :: y(n)
    integer :: i
    !$acc parallel loop present(x, w, y)
    do i = 1, n
      y(i) = poly(x(i)) * w(i)
    end do
  end subroutine apply_poly

  ! z = y smoothed, the ends kept.
  subroutine apply_smooth(n, y, z)
    integer, intent(in) :: n
    real(dp), intent(in) :: y(n)
    real(dp), intent(out) :: z(n)
    integer :: i
    !$acc parallel loop default(present)
    do i = 1, n
      if (i == 1 .or. i == n) then
        z(i) = y(i)
      else
        z(i) = smooth(y(i - 1), y(i), y(i + 1))
      end if
    end do
  end subroutine apply_smooth

end module kernels
