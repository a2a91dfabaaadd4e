! The element reduction of element_reduction.f90, written in an included
! file (a Fortran include found beside this one, which includes another
! through -I inc): refused at its line in that file.
program element_include
  implicit none
  integer :: a(10), i
  a = 100
  include 'loop.fi'
  print '(10i4)', a
end program
