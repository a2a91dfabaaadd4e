! target update of an array of records with an allocatable component (and
! of one element): moved only the records, the components stayed stale.
program record_array_update
  type t
    real, allocatable :: a(:)
  end type
  type(t) :: xs(2)
  integer :: i
  do i = 1, 2
    allocate(xs(i)%a(2))
    xs(i)%a = 1
  end do
  !$omp target enter data map(to: xs)
  !$omp target
  xs(1)%a(1) = 5
  !$omp end target
  !$omp target update from(xs)
  !$omp target update from(xs(2))
  print *, xs(1)%a(1)
end program
