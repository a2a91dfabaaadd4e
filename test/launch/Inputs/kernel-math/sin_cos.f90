program sin_cos
  implicit none
  real(8) :: x(10), r(10)
  integer :: i
  x = 1.0d0
  !$omp target teams distribute parallel do map(to: x) map(from: r)
  do i = 1, 10
    r(i) = sin(x(i)) + cos(x(i))
  end do
  print *, sum(r)
end program sin_cos
