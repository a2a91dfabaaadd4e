! As repoint_ok, but the host also changes a component the region reads
! from the present record's device copy: that copy is stale.
module repoint_stale_types
  implicit none
  type plain
    integer :: n = 0
    real(8), pointer :: p(:) => null()
  end type
end module
program repoint_stale
  use repoint_stale_types
  implicit none
  type(plain) :: g
  real(8), target :: x(4), y(4)
  x = 0; y = 0
  g%n = 1
  g%p => x
  !$omp target enter data map(to: g)
  g%n = 2
  g%p => y
  !$omp target map(tofrom: g%p)
  g%p(1) = g%n
  !$omp end target
  !$omp target exit data map(release: g)
  print *, y(1)
end program
