! Declare target allocatables and pointers used in the unit declaring them.
module dtd_vars
  implicit none
  type plain_t
    integer(8) :: a, b
  end type plain_t
  type deep_t
    integer(8) :: a, b
    integer(8), allocatable :: v(:)
  end type deep_t
  real(8), allocatable :: x(:)
  type(plain_t), allocatable :: ps(:)
  type(deep_t), allocatable :: ds(:)
  !$omp declare target(x, ps, ds)
  real(8), allocatable :: lx(:)
  type(deep_t), pointer :: lds(:)
  !$omp declare target link(lx, lds)
end module dtd_vars

program declare_target_descriptors
  use dtd_vars
  implicit none
  integer :: i
  integer(8) :: n, s
  real(8) :: r
  allocate(x(8), ps(8), ds(8), lx(8), lds(8))
  do i = 1, 8
    x(i) = i; lx(i) = i
    ps(i)%a = i; ps(i)%b = 0
    ds(i)%a = i; ds(i)%b = 0
    allocate(ds(i)%v(2)); ds(i)%v = i
    lds(i)%a = i; lds(i)%b = 0
    allocate(lds(i)%v(2)); lds(i)%v = i
  end do

  ! A: records' descriptors reach the kernel (size -1 and crashes with the
  ! hold of 8ab7609d).
  !$omp target enter data map(to: ps, ds)
  n = -1; s = 0
  !$omp target map(tofrom: n, s)
  n = size(ps) + size(ds)
  do i = 1, 8
    s = s + ps(i)%a + ds(i)%v(2)
  end do
  !$omp end target
  print '(a,2i6)', 'A sizes, sum (16 72):', n, s
  !$omp target exit data map(delete: ps, ds)

  ! B: no enter data: the region's implicit map of x's data is tofrom
  ! (flang-22 mapped it alloc in this unit: NaN, writes lost).
  r = 0
  !$omp target map(tofrom: r)
  do i = 1, 8
    r = r + x(i)
    x(i) = 10*i
    ps(i)%b = 10*i
  end do
  !$omp end target
  print '(a,f7.1,f8.1,i6)', 'B sum, x, ps%b (36 360 360):', r, sum(x), sum(ps%b)

  ! C: link allocatable and pointer: the device's reference pointer is set
  ! (it stayed null: a crash).
  r = 0; s = 0
  !$omp target map(tofrom: r, s)
  do i = 1, 8
    r = r + lx(i)
    s = s + lds(i)%v(2)
    lds(i)%b = 10*i
  end do
  !$omp end target
  print '(a,f7.1,2i6)', 'C sum, sum, lds%b (36 36 360):', r, s, sum(lds%b)
end program declare_target_descriptors
