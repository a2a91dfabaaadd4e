! A derived type with an allocatable component, mapped through flang's default
! mapper: its other components (n, s) move only when the record is new or
! leaves for good, as OpenMP counts references.
module record_references_types
  type t
    real, allocatable :: v(:)
    integer :: n
    real :: s(3)
  end type
end module
program record_references
  use record_references_types
  type(t) :: o
  allocate(o%v(4)); o%v = 1; o%n = 3; o%s = 1
  ! first-time tofrom: components in and out
  !$omp target map(tofrom: o)
  o%n = o%n + 1; o%s(2) = 9; o%v(2) = 5
  !$omp end target
  print *, 'A (4 9 5):', o%n, o%s(2), o%v(2)
  ! implicit first-time
  !$omp target
  o%n = o%n + 1; o%v(3) = 7
  !$omp end target
  print *, 'B (5 7):', o%n, o%v(3)
  ! enter to, kernel writes, exit from: back at exit only
  !$omp target enter data map(to: o)
  !$omp target
  o%n = 50; o%s(1) = 8; o%v(1) = 6
  !$omp end target
  print *, 'C host unchanged (5 1 1):', o%n, o%s(1), o%v(1)
  !$omp target exit data map(from: o)
  print *, 'D after exit from (50 8 6):', o%n, o%s(1), o%v(1)
  ! target data around target: copy at end of data only
  o%n = 1
  !$omp target data map(tofrom: o)
  !$omp target map(tofrom: o)
  o%n = 2
  !$omp end target
  print *, 'E inside data (1):', o%n
  !$omp end target data
  print *, 'F after data (2):', o%n
  ! map(to:) first time, then from
  o%n = 11
  !$omp target map(to: o) map(from: o%s)
  o%s(3) = real(o%n)
  !$omp end target
  print *, 'G (11.):', o%s(3)
  ! enter, update from
  !$omp target enter data map(to: o)
  !$omp target
  o%n = 77
  !$omp end target
  print *, 'H host (11):', o%n
  !$omp target update from(o%n)
  print *, 'I after update (77):', o%n
  !$omp target exit data map(delete: o)
  ! re-enter after delete: new copy
  o%n = 123
  !$omp target enter data map(to: o)
  !$omp target map(from: o%s)
  o%s(1) = real(o%n)
  !$omp end target
  print *, 'J present, from not copied (8.):', o%s(1)
  !$omp target exit data map(release: o)
end program
