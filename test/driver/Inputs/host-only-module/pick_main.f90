program pick_main
  use pick_mod
  implicit none
  integer :: i, r(8)
  real(8) :: s
  !$omp target map(from: r, s)
  do i = 1, 8
    r(i) = pick(i)
  end do
  s = scaled(2d0)
  !$omp end target
  print '(8i2,f6.1)', r, s
end program
