program accmain
  implicit none
  real(8) :: a(10)
  a = 1
  !$acc data copy(a)
  call bump(a, 10)
  !$acc end data
  print *, a(1), '(expect 2)'
end program
