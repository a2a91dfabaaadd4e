program ruse
  use rmod
  implicit none
  integer :: i
  !$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, 10
    r(i) = 1.0
  end do
  print *, r(1)
end program
