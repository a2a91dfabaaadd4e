module twice_mod
  implicit none
  integer :: calls = 0
  !$omp declare target(calls)
contains
  integer function twice(i)
    !$omp declare target
    integer, intent(in) :: i
    calls = calls + 1
    twice = 2 * i
  end function
end module
