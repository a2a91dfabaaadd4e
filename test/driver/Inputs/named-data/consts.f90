! No directive either: C names the variable, as the device code does.
module consts
  use iso_c_binding, only: c_double
  implicit none
  real(c_double), bind(C, name="ompx_bias") :: bias = 0.5d0
end module
