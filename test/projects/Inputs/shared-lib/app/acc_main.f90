program acc_main
  use acc_state
  implicit none
  call fill(2d0)
  !$acc serial
  grid(1) = grid(1) + 100d0
  !$acc end serial
  !$acc update self(grid)
  print '(2F10.2)', grid(1), grid(100)
end program acc_main
