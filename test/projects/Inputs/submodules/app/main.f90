program main
  use kinds
  use solver
  implicit none
  real(rk) :: r
  call run(nmax, r)
  print '(A,F20.3)', 'checksum ', r
end program main
