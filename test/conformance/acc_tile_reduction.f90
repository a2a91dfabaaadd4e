! OpenACC 3.3 loop tile with reductions (tile(8,8) with + and max), a
! sequential loop carrying a dependence inside a gang loop, and a gang loop
! with a private array read by its vector loop.
program acc_tile_reduction
  implicit none
  integer, parameter :: n = 40, m = 24
  real(8) :: a(n, m), b(n, m), s, e, tmp(4)
  integer :: i, j, mx, emx, row(n, m), erow(n, m)
  do j = 1, m
    do i = 1, n
      a(i, j) = dble(i) * 0.5d0 + dble(j)
    end do
  end do

  s = 1
  !$acc parallel loop tile(8, 8) reduction(+:s) copyin(a)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j)
    end do
  end do
  e = 1
  do j = 1, m
    do i = 1, n
      e = e + a(i, j)
    end do
  end do
  call check_r('tile_8_8_sum', s, e)

  mx = -1
  !$acc parallel loop tile(8, *) reduction(max:mx)
  do j = 1, m
    do i = 1, n
      mx = max(mx, mod(i * 37 + j * 11, 97))
    end do
  end do
  emx = -1
  do j = 1, m
    do i = 1, n
      emx = max(emx, mod(i * 37 + j * 11, 97))
    end do
  end do
  call check_i('tile_8_star_max', mx, emx)

  ! Each row's prefix sums: the inner loop carries a dependence.
  row = 0
  !$acc parallel loop gang copyout(row)
  do j = 1, m
    row(1, j) = j
    !$acc loop seq
    do i = 2, n
      row(i, j) = row(i - 1, j) + i * j
    end do
  end do
  do j = 1, m
    erow(1, j) = j
    do i = 2, n
      erow(i, j) = erow(i - 1, j) + i * j
    end do
  end do
  call check_i('seq_in_gang', count(row /= erow), 0)

  b = 0
  !$acc parallel copyin(a) copy(b)
  !$acc loop gang private(tmp)
  do j = 1, m
    tmp(1) = j
    tmp(2) = 2 * j
    !$acc loop vector
    do i = 1, n
      b(i, j) = a(i, j) + tmp(1) * tmp(2)
    end do
  end do
  !$acc end parallel
  call check_r('gang_private_vector', sum(b), sum(a) + n * sum([(2d0 * j * j, j = 1, m)]))
contains
  include 'check.fi'
end program acc_tile_reduction
