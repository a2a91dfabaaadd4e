! Driver for corpus/flang/omp/omp_declare_mapper: relax(g) maps a derived
! type through its default mapper (g and g%v(1:g%n)); checked against the
! same in-order sweep done here. The type repeats mapper_mod's layout (no
! .mod file comes with the MLIR), so relax is called without an interface.
program main
  implicit none
  type :: grid
    integer :: n
    real, allocatable :: v(:)
  end type grid
  type(grid) :: g
  real, allocatable :: ref(:)
  integer :: i

  g%n = 20
  allocate(g%v(g%n))
  g%v = [(real(mod(i * 5, 7)), i = 1, g%n)]
  ref = g%v
  do i = 2, g%n - 1
    ref(i) = 0.5 * (ref(i - 1) + ref(i + 1))
  end do
  call relax(g)
  call check('relax', count(g%v /= ref))
contains
  include 'check.fi'
end program main
