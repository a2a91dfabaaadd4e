! A deferred construct with two parts of one array: the build cannot make
! the one copy before it, so the program stops there; and one whose parts
! are present (an enclosing data region), which is right as written.
subroutine deferred(v)
  real :: v(8)
  integer :: i
  !$omp target map(to: v(1:4)) map(tofrom: v(5:8)) nowait
  do i = 5, 8
    v(i) = v(i) + v(i-4)
  end do
  !$omp end target
  !$omp taskwait
end subroutine

subroutine inside(v)
  real :: v(8)
  integer :: i
  !$omp target data map(tofrom: v)
  !$omp target map(to: v(1:4)) map(tofrom: v(5:8)) nowait
  do i = 5, 8
    v(i) = v(i) + v(i-4)
  end do
  !$omp end target
  !$omp taskwait
  !$omp end target data
end subroutine
