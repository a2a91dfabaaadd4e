! Driver for corpus/flang/omp/omp_target_teams_dpd: saxpy_offload and
! scale_rows, checked against values computed here on the host.
program main
  implicit none
  integer, parameter :: n = 1000, m = 7, k = 5
  real :: x(n), y(n)
  real(8) :: s(m), mat(m, k)
  integer :: i, j, bad

  do i = 1, n
    x(i) = real(i)
    y(i) = 1.0
  end do
  call saxpy_offload(n, 2.0, x, y)
  bad = 0
  do i = 1, n
    if (y(i) /= 2.0 * real(i) + 1.0) bad = bad + 1
  end do
  call check('saxpy_offload', bad)

  do i = 1, m
    s(i) = real(i, 8)
  end do
  mat = 3.0d0
  call scale_rows(m, k, s, mat)
  bad = 0
  do j = 1, k
    do i = 1, m
      if (mat(i, j) /= 3.0d0 * real(i, 8)) bad = bad + 1
    end do
  end do
  call check('scale_rows', bad)
contains
  include 'check.fi'
end program main
