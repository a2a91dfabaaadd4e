program coef_main
  implicit none
  real(8) :: x(4)
  external :: coef_data
  x = 2.0d0
  call apply_coef(4, x)
  print '(a, 4f6.2)', 'coef:', x
end program
