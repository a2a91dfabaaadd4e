! The grid: its arrays and their device copies.
module grid
  implicit none
  integer, parameter :: nx = NX
  real(8), allocatable :: u(:), f(:)
contains
  subroutine grid_init()
    integer :: i
    allocate(u(nx), f(nx))
    do i = 1, nx
      u(i) = 0d0
      f(i) = dble(i)
    end do
    !$omp target enter data map(to: u, f)
  end subroutine grid_init

  subroutine grid_fetch()
    !$omp target update from(u)
  end subroutine grid_fetch
end module grid
