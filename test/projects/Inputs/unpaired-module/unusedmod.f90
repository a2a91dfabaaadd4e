module unusedmod
  implicit none
  real :: table(10)
  integer :: k
contains
  real function twice(x)
    !$omp declare target
    real, intent(in) :: x
    twice = 2.0 * x
  end function
end module
