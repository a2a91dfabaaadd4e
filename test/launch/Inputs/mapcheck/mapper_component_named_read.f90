! Same, with the component named in the clause: map(to: u, u%w).
program rec_alloc_stale_named
  implicit none
  type :: field
    integer :: n
    real, allocatable :: w(:)
  end type
  type(field) :: u
  integer :: i
  u%n = 16
  allocate(u%w(u%n)); u%w = 1.0
  !$omp target enter data map(to: u, u%w)
  !$omp target
  do i = 1, u%n
    u%w(i) = 2.0
  end do
  !$omp end target
  print *, merge('OK   ', 'STALE', u%w(1) == 2.0)
  !$omp target exit data map(delete: u%w, u)
end program
