! The same with the update after the set-up, and a set-up routine that
! copies the data itself: no finding.
module coeffs
  implicit none
  real(8) :: dx = 0.1d0, bc(8)
  !$omp declare target(dx, bc)
contains
  subroutine setup()
    bc = 5d0
    dx = 0.25d0
  end subroutine

  subroutine setup_and_copy()
    bc = 5d0
    dx = 0.25d0
    !$omp target update to(bc, dx)
  end subroutine

  subroutine apply(u)
    real(8) :: u(8)
    integer :: i
    call setup()
    !$omp target update to(bc, dx)
    !$omp target teams distribute parallel do map(from: u)
    do i = 1, 8
      u(i) = bc(i) * dx
    end do
  end subroutine

  subroutine apply2(u)
    real(8) :: u(8)
    integer :: i
    call setup_and_copy()
    !$omp target teams distribute parallel do map(from: u)
    do i = 1, 8
      u(i) = bc(i) * dx
    end do
  end subroutine
end module
