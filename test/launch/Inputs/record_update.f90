! target update of a derived type with an allocatable component: refused
! (LLVM 22 leaves the component's data stale); updating the component, as
! the refusal says, is right.
program record_update
  implicit none
  type :: vec_t
    integer :: n
    real, allocatable :: v(:)
  end type vec_t
  type(vec_t) :: r
  integer :: i
  r%n = 4
  allocate(r%v(4))
  r%v = 1
  !$omp target enter data map(to: r)
  !$omp target
  do i = 1, r%n
    r%v(i) = r%v(i) + i
  end do
  !$omp end target
  if (command_argument_count() > 0) then
    !$omp target update from(r)
  end if
  !$omp target update from(r%v)
  print '(a,4f4.0)', 'r%v: ', r%v
  !$omp target exit data map(delete: r)
end program record_update
