! A kernel writes u; the host then reads it through an intrinsic flang
! computes in its runtime (NORM2, FINDLOC, SPREAD, TRANSFER), with no
! update from: each reads the host's old copy.
subroutine residual(u, n, r)
  implicit none
  integer :: n, i
  real(8) :: u(n), r
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i) * 0.5d0
  end do
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
  t = transfer(u(1), t)
  !$omp target exit data map(delete: u)
end subroutine
