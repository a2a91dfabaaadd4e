! A field: values and per-point weights in allocatable components.
module fields
  use dkinds, only: dp
  implicit none
  private
  public :: field_t, field_create, field_destroy

  type :: field_t
    integer :: n = 0
    real(dp), allocatable :: a(:)
    real(dp), allocatable :: w(:)
  end type field_t

contains

  subroutine field_create(t, n)
    type(field_t), intent(out) :: t
    integer, intent(in) :: n
    integer :: i
    t%n = n
    allocate(t%a(n), t%w(n))
    do i = 1, n
      t%a(i) = 4.0_dp * real(i - 1, dp) / real(n, dp) - 2.0_dp
      t%w(i) = 0.25_dp + 0.5_dp * real(mod(i, 4), dp) / 3.0_dp
    end do
  end subroutine field_create

  subroutine field_destroy(t)
    type(field_t), intent(inout) :: t
    deallocate(t%a, t%w)
    t%n = 0
  end subroutine field_destroy

end module fields
