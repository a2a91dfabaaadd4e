! A second program of the project using the kernels.
program bench
  use grid, only: grid_init
  use ops, only: relax
  implicit none
  call grid_init()
  call relax(100)
end program bench
