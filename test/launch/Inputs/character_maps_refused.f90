! Character maps LLVM 22 moves in part (refused on a device).
program character_maps_refused
  implicit none
  character(len=:), allocatable :: s
  character(len=6) :: t(3)
  s = 'hello world'
  t = 'zzzzzz'
  !$omp target map(tofrom: s)
  s(1:1) = 'J'
  !$omp end target
  !$omp target enter data map(to: t)
  !$omp target update from(t(2:3))
  print *, s, t
end program character_maps_refused
