module units
  implicit none
  integer, parameter :: out = 6
end module
