! Items that are no parts of one array: members of one common block,
! equivalenced arrays, the whole array twice spelled differently, and a
! construct that never offloads.
subroutine commons()
  real :: x(4), y(4)
  common /blk/ x, y
  integer :: i
  !$omp target map(to: x) map(tofrom: y)
  do i = 1, 4
    y(i) = y(i) + x(i)
  end do
  !$omp end target
end subroutine

subroutine equivalenced()
  real :: p(4), q(4)
  equivalence (p(1), q(1))
  integer :: i
  p = 1.0
  !$omp target map(to: p) map(tofrom: q)
  do i = 1, 4
    q(i) = q(i) + 1.0
  end do
  !$omp end target
end subroutine

subroutine whole_twice()
  real :: v(8)
  integer :: i
  v = 1.0
  !$omp target map(to: v(1:8)) map(from: v)
  do i = 1, 8
    v(i) = v(i) + 1.0
  end do
  !$omp end target
  print *, v
end subroutine

subroutine never_offloads()
  real :: v(8)
  integer :: i
  v = 1.0
  !$omp target map(to: v(1:4)) map(tofrom: v(5:8)) if(.false.)
  do i = 5, 8
    v(i) = v(i) + v(i - 4)
  end do
  !$omp end target
  print *, v
end subroutine
