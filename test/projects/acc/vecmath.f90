! Point-wise math for the device: OpenACC routines compiled for both host
! and device (acc routine seq), called from compute constructs of other
! files.
module vecmath
  implicit none
  private
  public :: dp, poly, smooth

  integer, parameter :: dp = selected_real_kind(15, 307)

contains

  ! 1 + x/2 + x**2/4 + x**3/8 by Horner's rule.
  pure function poly(x) result(y)
    !$acc routine seq
    real(dp), intent(in) :: x
    real(dp) :: y
    y = 1.0_dp + x * (0.5_dp + x * (0.25_dp + x * 0.125_dp))
  end function poly

  ! A three-point smoothing stencil.
  pure function smooth(left, centre, right) result(y)
    !$acc routine seq
    real(dp), intent(in) :: left, centre, right
    real(dp) :: y
    y = 0.25_dp * left + 0.5_dp * centre + 0.25_dp * right
  end function smooth

end module vecmath
