! A module whose init enters the field and whose step's kernel maps it
! `to` and writes it: the data is present by then, the write stays on the
! device for sync's update. No finding.
module field_data
  implicit none
  real :: u(16)
contains
  subroutine init()
    u = 1.0
    !$omp target enter data map(to: u)
  end subroutine
  subroutine step()
    integer :: i
    !$omp target teams distribute parallel do map(to: u)
    do i = 1, 16
      u(i) = 2.0 * u(i)
    end do
  end subroutine
  subroutine sync()
    !$omp target update from(u)
  end subroutine
end module
