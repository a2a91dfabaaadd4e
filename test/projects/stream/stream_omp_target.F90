! The OpenMP offload model: each kernel is a target region; the arrays stay
! on the device for all repetitions (one target data region around them).
module stream_omp_target
  use stream_kinds, only: dp, nkernels
  use stream_timer, only: wall_time
  implicit none
  private
  public :: omp_target_name, omp_target_run

  character(len=*), parameter :: omp_target_name = 'OpenMP target'

contains

  subroutine omp_copy(n, a, c)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n)
    real(dp), intent(inout) :: c(n)
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i)
    end do
  end subroutine omp_copy

  subroutine omp_scale(n, scalar, c, b)
    integer, intent(in) :: n
    real(dp), intent(in) :: scalar, c(n)
    real(dp), intent(inout) :: b(n)
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      b(i) = scalar * c(i)
    end do
  end subroutine omp_scale

  subroutine omp_add(n, a, b, c)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n), b(n)
    real(dp), intent(inout) :: c(n)
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i) + b(i)
    end do
  end subroutine omp_add

  subroutine omp_triad(n, scalar, b, c, a)
    integer, intent(in) :: n
    real(dp), intent(in) :: scalar, b(n), c(n)
    real(dp), intent(inout) :: a(n)
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = b(i) + scalar * c(i)
    end do
  end subroutine omp_triad

  function omp_dot(n, a, b) result(s)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n), b(n)
    real(dp) :: s
    integer :: i
    s = 0.0_dp
    !$omp target teams distribute parallel do reduction(+:s) map(tofrom: s)
    do i = 1, n
      s = s + a(i) * b(i)
    end do
  end function omp_dot

  subroutine omp_target_run(n, a, b, c, scalar, ntimes, times, dot)
    integer, intent(in) :: n, ntimes
    real(dp), intent(inout) :: a(n), b(n), c(n)
    real(dp), intent(in) :: scalar
    real(dp), intent(out) :: times(nkernels, ntimes), dot
    integer :: k
    real(dp) :: t0

    ! Every kernel finds a, b and c present: no transfer inside the loop.
    !$omp target data map(tofrom: a, b, c)
    do k = 1, ntimes
      t0 = wall_time()
      call omp_copy(n, a, c)
      times(1, k) = wall_time() - t0
      t0 = wall_time()
      call omp_scale(n, scalar, c, b)
      times(2, k) = wall_time() - t0
      t0 = wall_time()
      call omp_add(n, a, b, c)
      times(3, k) = wall_time() - t0
      t0 = wall_time()
      call omp_triad(n, scalar, b, c, a)
      times(4, k) = wall_time() - t0
      t0 = wall_time()
      dot = omp_dot(n, a, b)
      times(5, k) = wall_time() - t0
    end do
    !$omp end target data
  end subroutine omp_target_run

end module stream_omp_target
