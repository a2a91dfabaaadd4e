real(8) function ramp(x)
  real(8), intent(in) :: x
  !$omp declare target
  ramp = 2 * x
end function
