! A present record's pointer component re-pointed on the host, then mapped
! at a region: the component's descriptor map (always, to) copies the
! changed bytes, so the device copy is not stale. With and without an
! allocatable component (whose default mapper copies the parts alone).
module repoint_types
  implicit none
  type plain
    integer :: n = 0
    real(8), pointer :: p(:) => null()
  end type
  type mixed
    integer :: n = 0
    real(8), pointer :: p(:) => null()
    real(8), allocatable :: q(:)
  end type
end module
program repoint_ok
  use repoint_types
  implicit none
  type(plain) :: g
  type(mixed) :: h
  real(8), target :: x(4), y(4), z(4), w(4)
  x = 0; y = 0; z = 0; w = 0
  g%p => x
  h%p => z
  !$omp target enter data map(to: g, h)
  g%p => y
  h%p => w
  !$omp target map(tofrom: g%p)
  g%p(1) = 3
  !$omp end target
  !$omp target map(tofrom: h%p)
  h%p(1) = 4
  !$omp end target
  !$omp target exit data map(release: g, h)
  print *, y(1), x(1), w(1), z(1)
end program
