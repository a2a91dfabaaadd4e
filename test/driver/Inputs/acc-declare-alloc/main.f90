program main
  use field
  implicit none
  call setup(6)
  print '(a,2f6.1)', 'f(1), f(6):', f(1), f(6)
end program
