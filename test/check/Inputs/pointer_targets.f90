module pt_types
  implicit none
  type grid
    integer :: n = 4
    real(8), pointer :: p(:) => null()
    real(8), allocatable :: q(:)
  end type
  type(grid) :: shared_grid
end module

subroutine through_dummy(g)
  use pt_types
  implicit none
  type(grid) :: g
  integer :: i
  ! The caller may have entered g%p: no finding.
  !$omp target
  do i = 1, g%n
    g%p(i) = 1
  end do
  !$omp end target
end subroutine

subroutine through_module_variable()
  use pt_types
  implicit none
  integer :: i
  !$omp target
  do i = 1, shared_grid%n
    shared_grid%p(i) = 2
  end do
  !$omp end target
end subroutine

program pointer_targets
  use pt_types
  implicit none
  type(grid) :: a, b, c, d, e, f
  real(8), target :: x(4), y(4), z(4), w(4), u(4), v(4)
  integer :: i
  logical :: linked
  a%p => x; b%p => y; c%p => z; d%p => w; e%p => u; f%p => v
  !$omp target
  a%p(1) = 1
  !$omp end target
  !$omp target map(tofrom: y)
  b%p(2) = 2
  !$omp end target
  !$omp target map(tofrom: c%p)
  c%p(3) = 3
  !$omp end target
  !$omp target enter data map(to: d%p)
  !$omp target
  d%p(4) = 4
  !$omp end target
  !$omp target exit data map(from: d%p)
  !$omp target map(tofrom: e%p(1:2))
  e%p(1) = 5
  !$omp end target
  !$omp target map(from: linked)
  linked = associated(f%p)
  !$omp end target
  print *, x, y, z, w, u, linked
end program
