program scale_main
  use scale_lib
  implicit none
  real :: a(4)
  integer :: i
  a = [1.0, 2.0, 3.0, 4.0]
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, 4
    a(i) = scaled(a(i))
  end do
  print '(a,4f5.1)', 'scaled:', a
end program scale_main
