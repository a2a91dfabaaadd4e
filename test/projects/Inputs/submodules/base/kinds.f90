module kinds
  implicit none
  integer, parameter :: rk = kind(1.0d0)
  integer, parameter :: nmax = 1000
end module kinds
