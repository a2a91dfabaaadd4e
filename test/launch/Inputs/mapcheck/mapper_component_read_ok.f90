! Correct twin: the host reads u%w after `target update from`.
program rec_alloc_ok_comp
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
  !$omp target update from(u%w)
  print *, merge('OK   ', 'WRONG', u%w(1) == 2.0)
  !$omp target exit data map(delete: u)
end program
