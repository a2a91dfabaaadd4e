! Named constants and a BIND statement's variable, no directive.
module lookup
  use iso_c_binding, only: c_double
  implicit none
  integer, parameter :: order(4) = [4, 3, 2, 1]
  character(len=*), parameter :: label = 'wxyz'
  real(c_double) :: half
  bind(c, name="ompx_half") :: half
  data half /0.5d0/
end module
