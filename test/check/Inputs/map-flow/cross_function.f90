! Data entered in one procedure, written by a kernel in another and deleted
! in a third, which then reads it: the module never copies it back.
module fields
  implicit none
  real, allocatable :: u(:)
contains
  subroutine init(n)
    integer, intent(in) :: n
    allocate(u(n))
    u = 1.0
    !$omp target enter data map(to: u)
  end subroutine
  subroutine step()
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, size(u)
      u(i) = u(i) + 1.0
    end do
  end subroutine
  subroutine finish()
    !$omp target exit data map(delete: u)
    print *, u(1)
  end subroutine
end module
