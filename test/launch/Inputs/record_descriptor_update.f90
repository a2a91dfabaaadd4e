! `target update` of an allocatable array of records moves the records,
! not their components' data: refused, like a static array's.
program record_descriptor_update
  implicit none
  type t
    real, allocatable :: v(:)
    integer :: n
  end type
  type(t), allocatable :: xs(:)
  integer :: i
  allocate(xs(2))
  do i = 1, 2
    allocate(xs(i)%v(2)); xs(i)%v = 1; xs(i)%n = 1
  end do
  !$omp target enter data map(to: xs)
  !$omp target
  xs(2)%v = 5
  !$omp end target
  !$omp target update from(xs)
  print *, xs(2)%v
  !$omp target exit data map(delete: xs)
end program
