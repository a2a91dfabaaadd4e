! The serial model: plain loops on the host.
module stream_serial
  use stream_kinds, only: dp, nkernels
  use stream_timer, only: wall_time
  implicit none
  private
  public :: serial_name, serial_run

  character(len=*), parameter :: serial_name = 'serial'

contains

  subroutine serial_run(n, a, b, c, scalar, ntimes, times, dot)
    integer, intent(in) :: n, ntimes
    real(dp), intent(inout) :: a(n), b(n), c(n)
    real(dp), intent(in) :: scalar
    real(dp), intent(out) :: times(nkernels, ntimes), dot
    integer :: k, i
    real(dp) :: t0

    do k = 1, ntimes
      t0 = wall_time()
      do i = 1, n
        c(i) = a(i)
      end do
      times(1, k) = wall_time() - t0
      t0 = wall_time()
      do i = 1, n
        b(i) = scalar * c(i)
      end do
      times(2, k) = wall_time() - t0
      t0 = wall_time()
      do i = 1, n
        c(i) = a(i) + b(i)
      end do
      times(3, k) = wall_time() - t0
      t0 = wall_time()
      do i = 1, n
        a(i) = b(i) + scalar * c(i)
      end do
      times(4, k) = wall_time() - t0
      t0 = wall_time()
      dot = 0.0_dp
      do i = 1, n
        dot = dot + a(i) * b(i)
      end do
      times(5, k) = wall_time() - t0
    end do
  end subroutine serial_run

end module stream_serial
