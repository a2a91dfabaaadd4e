! The only device directive is spelled by a macro.
#define ON_DEVICE(v) !$omp declare target(v)
module macro_state
  implicit none
  real(8) :: buf(8)
  ON_DEVICE(buf)
end module
