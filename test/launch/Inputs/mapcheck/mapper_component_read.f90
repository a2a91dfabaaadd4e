! A record with an allocatable component entered through flang's default
! mapper; a kernel writes u%w; the host reads u%w without `update from`.
program rec_alloc_stale_default
  implicit none
  type :: field
    integer :: n
    real, allocatable :: w(:)
  end type
  type(field) :: u
  integer :: i
  u%n = 16
  allocate(u%w(u%n)); u%w = 1.0
  !$omp target enter data map(to: u)
  !$omp target
  do i = 1, u%n
    u%w(i) = 2.0
  end do
  !$omp end target
  print *, merge('OK   ', 'STALE', u%w(1) == 2.0)
  !$omp target exit data map(delete: u)
end program
