module counter
  use tally
  implicit none
contains
  subroutine bump(k)
    !$omp declare target
    integer, intent(in) :: k
    hits = hits + 1
    weights(k) = weights(k) + k
  end subroutine
end module
