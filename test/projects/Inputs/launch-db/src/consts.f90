module consts
  implicit none
  integer, parameter :: base = 40
end module consts
