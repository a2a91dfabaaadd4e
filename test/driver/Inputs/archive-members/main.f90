program main
  implicit none
  real(8) :: s
  s = 1
  call bump(s)
  print '(a, f4.1)', 'bumped on the device: ', s
end program
