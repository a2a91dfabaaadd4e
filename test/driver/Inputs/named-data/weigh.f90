real(8) function weigh(i)
  use consts, only: bias
  implicit none
  integer, intent(in) :: i
  real(8) :: w(4)
  integer :: nw
  common /tbl/ w, nw
  !$omp declare target
  weigh = w(min(i, nw)) * bias
end function
