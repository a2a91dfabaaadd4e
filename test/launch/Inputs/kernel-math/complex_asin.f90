! ASIN of a COMPLEX calls casin, which ompx does not expand for nvptx.
program complex_asin
  implicit none
  complex(8) :: z(8), r(8)
  integer :: i
  z = (0.5d0, 0.25d0)
  !$omp target teams distribute parallel do map(to: z) map(from: r)
  do i = 1, 8
    r(i) = asin(z(i))
  end do
  print *, sum(r)
end program complex_asin
