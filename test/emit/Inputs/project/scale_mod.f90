! Used by vec_mod: emit builds it before vec_mod (use order, depth first).
module scale_mod
  implicit none
  real, parameter :: factor = 2.0
end module scale_mod
