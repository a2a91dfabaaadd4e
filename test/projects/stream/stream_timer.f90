! Wall-clock timing through system_clock, so that no model's runtime library
! is needed to time another model.
module stream_timer
  use stream_kinds, only: dp, i8
  implicit none
  private
  public :: wall_time

contains

  function wall_time() result(t)
    real(dp) :: t
    integer(i8) :: count, rate
    call system_clock(count, rate)
    t = real(count, dp) / real(rate, dp)
  end function wall_time

end module stream_timer
