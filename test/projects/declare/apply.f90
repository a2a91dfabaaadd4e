! The kernels: target regions that map the field's allocatable components
! explicitly and call the declare target routines of module physics.
module apply
  use dkinds, only: dp
  use fields, only: field_t
  use physics, only: relax, damp
  implicit none
  private
  public :: apply_relax, damped_sum

contains

  ! steps relaxation steps on every point of t%a.
  subroutine apply_relax(t, steps)
    type(field_t), intent(inout) :: t
    integer, intent(in) :: steps
    integer :: i, k, n
    n = t%n
    !$omp target teams distribute parallel do map(tofrom: t%a) map(to: t%w)
    do i = 1, n
      do k = 1, steps
        t%a(i) = relax(t%a(i), t%w(i))
      end do
    end do
  end subroutine apply_relax

  ! Sum of damp() over t%a, a reduction on the device.
  function damped_sum(t) result(s)
    type(field_t), intent(in) :: t
    real(dp) :: s
    integer :: i, n
    n = t%n
    s = 0.0_dp
    !$omp target teams distribute parallel do reduction(+:s) map(to: t%a) &
    !$omp& map(tofrom: s)
    do i = 1, n
      s = s + damp(t%a(i))
    end do
  end function damped_sum

end module apply
