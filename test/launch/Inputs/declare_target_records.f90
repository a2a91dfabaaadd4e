! Declare target records with allocatable components, used in target regions
! without a map clause, in the unit declaring them.
module dtr_vars
  implicit none
  type deep_t
    integer :: n = 4
    real(8), allocatable :: v(:)
  end type deep_t
  type plain_t
    integer :: n = 4
    real(8) :: w(2) = 1
  end type plain_t
  type(deep_t) :: r, rs(3)
  !$omp declare target(r, rs)
  type(deep_t) :: lr
  type(plain_t) :: lp
  !$omp declare target link(lr, lp)
  type(deep_t) :: gs(3)
end module dtr_vars

program declare_target_records
  use dtr_vars
  implicit none
  integer :: i, j
  real(8) :: s
  integer(8) :: host, device

  ! A: a declare target record's allocatable component: its data was mapped
  ! with no transfer (the kernel read garbage, its writes were lost).
  allocate(r%v(4)); r%v = [(real(i, 8), i = 1, 4)]
  !$omp target
  r%n = r%n + 1
  do i = 1, 4
    r%v(i) = r%v(i) * 10
  end do
  !$omp end target
  !$omp target update from(r%n)
  print '(a,i3,4f6.1)', 'A n v (5 10 20 30 40):', r%n, r%v

  ! B: a declare target fixed-size array of such records: no mapper, the
  ! device's descriptors stayed unallocated (a crash).
  do j = 1, 3
    allocate(rs(j)%v(2)); rs(j)%v = j
  end do
  s = 0
  !$omp target map(tofrom: s)
  do j = 1, 3
    s = s + rs(j)%v(2)
    rs(j)%v(1) = 10*j
  end do
  !$omp end target
  print '(a,4f6.1)', 'B s v1 (6 10 20 30):', s, (rs(j)%v(1), j = 1, 3)

  ! C: a link record with members (its allocatable component; a mapped
  ! component of a record without any): the device's reference pointer
  ! was never set (a crash).
  allocate(lr%v(4)); lr%v = [(real(i, 8), i = 1, 4)]
  !$omp target
  lr%n = lr%n + 1
  do i = 1, 4
    lr%v(i) = lr%v(i) * 10
  end do
  !$omp end target
  lp%n = 7
  !$omp target map(tofrom: lp%n)
  lp%n = lp%n + 1
  !$omp end target
  print '(a,i3,4f6.1,i3)', 'C n v n (5 10 20 30 40 8):', lr%n, lr%v, lp%n

  ! D: an ordinary fixed-size array of such records: the kernel used the
  ! host's addresses of the components' data (no device copy).
  do j = 1, 3
    allocate(gs(j)%v(2)); gs(j)%v = j
  end do
  host = loc(gs(1)%v(1))
  !$omp target map(from: device)
  device = loc(gs(1)%v(1))
  gs(1)%v(1) = 10
  !$omp end target
  print '(a,l2,f6.1)', 'D host address, v1 (F 10):', device == host, gs(1)%v(1)
end program declare_target_records
