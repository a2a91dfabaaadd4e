program main
  use grid, only: grid_init
  use ops, only: relax, report
  implicit none
  call grid_init()
  call relax(4)
  call report(4)
end program main
