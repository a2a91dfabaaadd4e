! The module's set-up in a file of its own.
module acc_field
  implicit none
  real(8) :: h(8)
contains
  subroutine open_field()
    h = 2d0
    !$acc enter data copyin(h)
  end subroutine
  subroutine close_field()
    !$acc exit data copyout(h)
  end subroutine
end module
