! Reductions over device data.
module reductions
  use vecmath, only: dp
  implicit none
  private
  public :: weighted_sum, max_abs

contains

  function weighted_sum(n, z, w) result(s)
    integer, intent(in) :: n
    real(dp), intent(in) :: z(n), w(n)
    real(dp) :: s
    integer :: i
    s = 0.0_dp
    !$acc parallel loop reduction(+:s) present(z, w)
    do i = 1, n
      s = s + z(i) * w(i)
    end do
  end function weighted_sum

  function max_abs(n, z) result(m)
    integer, intent(in) :: n
    real(dp), intent(in) :: z(n)
    real(dp) :: m
    integer :: i
    m = 0.0_dp
    !$acc parallel loop reduction(max:m) default(present)
    do i = 1, n
      m = max(m, abs(z(i)))
    end do
  end function max_abs

end module reductions
