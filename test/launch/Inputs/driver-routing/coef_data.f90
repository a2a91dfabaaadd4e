! The initial values of a declare target common block: only a device image
! built from this unit gives the device's copy its values.
block data coef_data
  implicit none
  real(8) :: ca, cb
  common /coef/ ca, cb
  data ca, cb / 3.0d0, 0.25d0 /
end block data
