! bug.f90 with `target update from(u)` before each host read.
subroutine residual(u, n, r)
  implicit none
  integer :: n, i
  real(8) :: u(n), r
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i) * 0.5d0
  end do
  !$omp target update from(u)
  r = norm2(u)
  !$omp target exit data map(delete: u)
end subroutine

subroutine where_one(u, n, k)
  implicit none
  integer :: n, i, k(1)
  real(8) :: u(n)
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = i
  end do
  !$omp target update from(u)
  k = findloc(u, 3d0)
  !$omp target exit data map(delete: u)
end subroutine

subroutine copies(u, n, w)
  implicit none
  integer :: n, i
  real(8) :: u(n), w(n, 2)
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = i
  end do
  !$omp target update from(u)
  w = spread(u, 2, 2)
  !$omp target exit data map(delete: u)
end subroutine

subroutine bits(u, n, t)
  implicit none
  integer :: n, i
  real(8) :: u(n)
  integer(1) :: t(8)
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = i
  end do
  !$omp target update from(u)
  t = transfer(u(1), t)
  !$omp target exit data map(delete: u)
end subroutine

! TRANSFER's MOLD is no read: u's values stay on the device until the
! exit data brings them back.
subroutine mold(u, n, bits, w)
  implicit none
  integer :: n, i
  real(8) :: u(n), w(4)
  integer(1) :: bits(32)
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = i
  end do
  w = transfer(bits, u)
  !$omp target exit data map(from: u)
end subroutine
