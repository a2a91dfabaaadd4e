! Deallocated allocatable and disassociated pointer arrays of records with
! allocatable components (mapped through the type's default mapper) stay
! unallocated on the device.
module null_arrays_types
  implicit none
  type t
    integer :: n = 0
    real, allocatable :: w(:)
  end type
end module

program record_null_arrays
  use null_arrays_types
  implicit none
  type(t), allocatable :: ta(:), tb(:,:)
  type(t), pointer :: tp(:)
  integer :: r

  allocate(ta(20), tb(4,5), tp(20))
  deallocate(ta, tb, tp)

  ! A: named in a map clause.
  r = -1
  !$omp target map(tofrom: ta, tb, tp) map(from: r)
  r = merge(1, 0, allocated(ta)) + merge(10, 0, allocated(tb)) + &
      merge(100, 0, associated(tp))
  !$omp end target
  print '(a, i4)', 'A map clause (0):', r

  ! B: no map clause.
  r = -1
  !$omp target map(from: r)
  r = merge(1, 0, allocated(ta)) + merge(10, 0, allocated(tb)) + &
      merge(100, 0, associated(tp))
  !$omp end target
  print '(a, i4)', 'B implicit (0):', r

  ! C: present by enter data, then a construct.
  !$omp target enter data map(to: ta)
  r = -1
  !$omp target map(from: r)
  r = merge(1, 0, allocated(ta))
  !$omp end target
  !$omp target exit data map(from: ta)
  print '(a, i4)', 'C enter data (0):', r + merge(10, 0, allocated(ta))

  ! D: allocated afterwards, it moves as before.
  allocate(ta(3))
  ta%n = [1, 2, 3]
  allocate(ta(2)%w(4))
  ta(2)%w = 1
  !$omp target map(tofrom: ta)
  ta(2)%w = ta(2)%w + ta(3)%n
  ta(1)%n = size(ta) + merge(10, 0, allocated(ta(1)%w))
  !$omp end target
  print '(a, i4, i4)', 'D size, sum (3 16):', ta(1)%n, int(sum(ta(2)%w))
end program
