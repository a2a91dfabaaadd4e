! OpenACC 3.3 loop tile: tile(4,4) and tile(*,8) over a 2-D nest.
program acc_loop_tile
  implicit none
  integer, parameter :: n = 30, m = 20
  integer :: a(n, m), i, j
  a = 0
  !$acc parallel loop tile(4, 4) copy(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i + j
    end do
  end do
  call check_i('tile_4_4', sum(a), m * n * (n + 1) / 2 + n * m * (m + 1) / 2)
  a = 0
  !$acc parallel loop tile(*, 8) copy(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * j
    end do
  end do
  call check_i('tile_star_8', sum(a), (n * (n + 1) / 2) * (m * (m + 1) / 2))
contains
  include 'check.fi'
end program acc_loop_tile
