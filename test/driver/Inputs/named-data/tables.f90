! No directive: the initial values of /tbl/ reach the device only through
! this unit's own device image.
block data tables
  implicit none
  real(8) :: w(4)
  integer :: nw
  common /tbl/ w, nw
  data w /1d0, 2d0, 3d0, 4d0/, nw /4/
end block data
