! Declare target module data filled by a set-up routine of the file, never
! copied to the device: the kernel reads the device's old copy.
module coeffs
  implicit none
  real(8) :: dx = 0.1d0, bc(8)
  !$omp declare target(dx, bc)
contains
  subroutine setup()
    bc = 5d0
    dx = 0.25d0
  end subroutine

  subroutine apply(u)
    real(8) :: u(8)
    integer :: i
    call setup()
    !$omp target teams distribute parallel do map(from: u)
    do i = 1, 8
      u(i) = bc(i) * dx
    end do
  end subroutine
end module
