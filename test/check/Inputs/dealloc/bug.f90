! A work array allocated and entered at every step, deallocated without
! exit data: the next allocation may land at the same address, which the
! runtime still finds present, and the enter copies nothing in.
subroutine steps(y, n)
  implicit none
  integer :: n, i, s
  real :: y(n)
  real, allocatable :: w(:)
  !$omp target enter data map(to: y)
  do s = 1, 3
    allocate(w(n))
    w = real(s)
    !$omp target enter data map(to: w)
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = y(i) + w(i)
    end do
    deallocate(w)
  end do
  !$omp target exit data map(from: y)
end subroutine

! The same in straight-line code.
subroutine twice(y, n)
  implicit none
  integer :: n, i
  real :: y(n)
  real, allocatable :: w(:)
  allocate(w(n))
  w = 1.0
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do map(from: y)
  do i = 1, n
    y(i) = w(i)
  end do
  deallocate(w)
  allocate(w(n))
  w = 2.0
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do map(tofrom: y)
  do i = 1, n
    y(i) = y(i) + w(i)
  end do
  !$omp target exit data map(delete: w)
end subroutine
