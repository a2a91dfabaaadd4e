subroutine scale_table(out, shifted)
  implicit none
  real :: out(4), shifted(2)
  real :: alpha, tab(4)
  integer :: offset
  real :: weights(2)
  common /cst/ alpha, tab
  common /lnk/ offset, weights
  !$omp declare target(/cst/)
  !$omp declare target link(/lnk/)
  integer :: i
  !$omp target teams distribute parallel do map(from: out)
  do i = 1, 4
    out(i) = alpha * tab(i)
  end do
  !$omp target map(from: shifted) map(to: weights, offset)
  shifted = weights + offset
  !$omp end target
end subroutine
