! Device routines and a device variable: the model's coefficient lives in a
! declare target variable, which the host sets and then sends to the device
! (target update to); relax() and damp() are declare target routines that
! target regions in other files call.
module physics
  use dkinds, only: dp
  implicit none
  private
  public :: coeff, damp, relax

  ! Initial device value 1; the program changes it on the host.
  real(dp) :: coeff = 1.0_dp
  !$omp declare target(coeff)

contains

  ! x damped by the coefficient, smoothly: x / (1 + coeff * x**2).
  pure function damp(x) result(y)
    !$omp declare target
    real(dp), intent(in) :: x
    real(dp) :: y
    y = x / (1.0_dp + coeff * x * x)
  end function damp

  ! One relaxation step towards the damped value, weighted by w.
  pure function relax(x, w) result(y)
    !$omp declare target
    real(dp), intent(in) :: x, w
    real(dp) :: y
    y = (1.0_dp - w) * x + w * damp(x)
  end function relax

end module physics
