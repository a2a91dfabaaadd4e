! Records without allocatable components, which flang-22 maps through a
! default mapper all the same, and unallocated records.
module trivial_pool
  implicit none
  type st_t
    integer(8) :: a, b
  end type
  type(st_t), allocatable :: states(:)
  !$omp declare target(states)
end module

program record_trivial_mappers
  use trivial_pool
  implicit none
  type t
    real :: v(2)
    integer :: n = 0
  end type
  type u
    real, allocatable :: w(:)
  end type
  type(t), allocatable :: ys(:)
  type(u), allocatable :: s
  type(u), pointer :: q => null()
  integer :: n, i, r

  ! A declare target allocatable array of records: its descriptor reached
  ! the kernel as the records' data address (size -1, crashes).
  allocate(states(8))
  do i = 1, 8
    states(i) = st_t(i, 2 * i)
  end do
  !$omp target enter data map(to: states)
  n = -1
  !$omp target map(tofrom: n)
  n = size(states) + int(states(3)%b)
  !$omp end target
  print '(a, i4)', 'A size + b(3) (14):', n

  ! nowait with an allocatable array of them crashed.
  allocate(ys(3))
  ys(2)%n = 1
  !$omp target map(tofrom: ys) nowait
  ys(2)%n = ys(2)%n + 5
  !$omp end target
  !$omp taskwait
  print '(a, i4)', 'B nowait (6):', ys(2)%n

  ! Unallocated and disassociated records stay so on the device.
  r = -1
  !$omp target map(tofrom: s, q) map(from: r)
  r = merge(1, 0, allocated(s)) + merge(10, 0, associated(q))
  !$omp end target
  print '(a, i4)', 'C allocated, associated (0):', r
end program
