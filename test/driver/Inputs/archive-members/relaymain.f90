program relaymain
  implicit none
  real(8) :: x
  external :: relay
  x = 1d0
  call relay(x)
  print '(a, f4.1)', 'relayed on the device: ', x
end program
