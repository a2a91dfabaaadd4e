! OpenACC tile: ascending loops (a tile nest with a non-unit step) run each
! iteration once; a descending one is refused on a device (see the test).
program acc_tile_step
  implicit none
  integer :: i, j, cnt, b(30, 30)
  b = 0
  cnt = 0
  !$acc parallel loop tile(4, 3) copy(b) reduction(+:cnt)
  do j = 1, 29, 2
    do i = 1, 30, 3
      b(i, j) = b(i, j) + 1
      cnt = cnt + 1
    end do
  end do
  print '(a,i0,a,i0)', 'tile(4,3): iterations ', cnt, ', cells not once ', &
      count(b(1:30:3, 1:29:2) /= 1)
end program acc_tile_step
