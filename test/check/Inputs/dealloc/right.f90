! The right forms: exit data before deallocate, and a live copy
! deallocated at the end with no allocation after (a leak, not a wrong
! answer).
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
    !$omp target exit data map(delete: w)
    deallocate(w)
  end do
  !$omp target exit data map(from: y)
end subroutine

subroutine once(y, n)
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
end subroutine
