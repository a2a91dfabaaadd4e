program print_scalars
  implicit none
  integer(1) :: i1 = -7
  integer(2) :: i2 = 300
  integer :: i4 = 42, i
  integer(8) :: i8 = -1234567890123_8
  real :: r4 = 1.5
  real(8) :: r8 = 1.0d0/3.0d0
  logical :: l = .true.
  character(len=5) :: s = 'hello'
  real :: v(12) = [0.1, 100.0, 1.0e-5, 123456.7, 1.0e10, -2.5, 0.0, 3.0e-40, &
                   huge(1.0), 9999999.0, 1.0e7, 0.01]
  real(8) :: d(9) = [0.1d0, 100d0, 1d-5, 1234567.891d0, 1d100, -0d0, 2d0**60, &
                     tiny(1d0), 123456789012345.0d0]
  print *, i1, i2, i4, i8
  print *, -huge(1_8) - 1_8, -128_1, huge(1), .false.
  print *, r4, r8, 1.0/3.0, 1.0e20, l, s
  print *, v
  print *, d
  print *, 'a', 'bc', 5, 'x'
  print *, s, 'x', s, s, s, s, s, s, s, s, s, s, s, s, s, s, s
  print *, (1.0, 2.0), (0.5d0, -3d0)
  print *
  print *, ''
  print *, '', 3
  write (*, *) 'write', 7
  write (6, *) 'unit six'
  print *, (real(i)*1.1, i = 1, 30)
  print *, (i, i = 1, 40)
  print *, [(1.0/real(i), i = 1, 7)], [(1.0d0/real(i, 8), i = 3, 9)]
end program
