program complex_exp
  implicit none
  complex(8) :: z(8), r(8)
  integer :: i
  z = (0.5d0, 0.25d0)
  !$omp target teams distribute parallel do map(to: z) map(from: r)
  do i = 1, 8
    r(i) = exp(z(i))
  end do
  print *, sum(r)
end program complex_exp
