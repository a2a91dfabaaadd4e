! A record with an allocatable component, no declare mapper, map(to: u):
! the kernel's change of u%w is lost (not-copied-back, at line 13).
program default_mapper_names
  implicit none
  type :: field
    integer :: n
    real, allocatable :: w(:)
  end type
  type(field) :: u
  integer :: i
  u%n = 16
  allocate(u%w(u%n)); u%w = 1.0
  !$omp target map(to: u)
  do i = 1, u%n
    u%w(i) = 2.0
  end do
  !$omp end target
  print *, merge('OK   ', 'STALE', u%w(1) == 2.0)
end program
