real(8) function pick(i)
  use lookup, only: order, label, half
  implicit none
  integer, intent(in) :: i
  integer :: k, m
  common /cnt/ k
  common /cnt2/ m
  !$omp declare target
  pick = order(i) * half + k + m + iachar(label(i:i)) - iachar('w')
end function
