! The last release copies back a section only (`n/2` by mistake) after a
! kernel wrote all of u; the host reads u(n): the rest of the write left
! with the device copy.
subroutine half(n, last)
  implicit none
  integer, parameter :: m = 64
  integer :: n, i
  real :: last
  real, allocatable :: u(:)
  allocate(u(m))
  u = 0
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, m
    u(i) = i
  end do
  !$omp target exit data map(from: u(1:m/2))
  last = u(m)
end subroutine
