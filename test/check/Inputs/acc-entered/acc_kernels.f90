! Kernels of another file on the module's field, which its set-up entered.
module acc_kernels
  use acc_field
  implicit none
contains
  subroutine twice()
    integer :: i
    !$acc parallel loop copyin(h)
    do i = 1, 8
      h(i) = 2d0 * h(i)
    end do
  end subroutine
  subroutine plus_one()
    integer :: i
    !$acc parallel loop create(h)
    do i = 1, 8
      h(i) = h(i) + 1d0
    end do
  end subroutine
end module
