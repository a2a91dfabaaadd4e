module tgtmod
  implicit none
  real, target :: weights(10)
contains
  real function weighted(i, x)
    !$omp declare target
    integer, intent(in) :: i
    real, intent(in) :: x
    real, pointer :: w(:)
    w => weights
    weighted = w(i) * x
  end function
end module
