module field
  implicit none
  real(8), allocatable :: u(:)
contains
  subroutine open_field(n)
    integer, intent(in) :: n
    allocate(u(n))
    u = 1
    !$omp target enter data map(to: u)
    ! Changed on the host after the copy: a kernel reads the old values.
    u = 2
  end subroutine
end module
