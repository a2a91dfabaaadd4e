! Part of the array entered alone, then two names of it on one construct:
! the items are present in no one copy.
module alias_apart_m
  implicit none
contains
  subroutine twice(x, y)
    real :: x(8), y(3)
    !$omp target map(tofrom: x, y)
    x(1) = y(1)
    !$omp end target
  end subroutine
end module

program alias_apart
  use alias_apart_m
  implicit none
  real :: a(8)
  a = 1
  !$omp target enter data map(to: a(4:8))
  call twice(a, a(3:5))
  print *, 'not reached', a(1)
end program
