subroutine broken(a)
  real :: a(4)
  a(1) = 1.0 +
end subroutine
