! The same module, its directive's word split across continuation lines.
module grid
  implicit none
  integer :: nx = 1
  real(8) :: w(4)
  !$omp declare &
  !$omp & tar&
  !$omp &get(nx, w)
end module grid
