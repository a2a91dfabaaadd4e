module field
  implicit none
  real(8), allocatable :: u(:)
  real(8) :: fixed(8)
  type grid
    real(8), allocatable :: v(:)
  end type
  type(grid) :: gr
contains
  subroutine open_field(n)
    integer, intent(in) :: n
    allocate(u(n), gr%v(n))
    u = 1
    fixed = 1
    gr%v = 1
    !$omp target enter data map(to: u, fixed, gr, gr%v)
    ! Changed on the host after the copy: a kernel reads the old values.
    u = 2
    fixed = 2
    gr%v = 2
  end subroutine
end module
