! The host prints the array (list-directed output of a descriptor) before
! any copy back: the output call reads it.
program e1
  implicit none
  integer, parameter :: n = 100
  real :: a(n)
  integer :: i
  a = 1.0
  !$omp target enter data map(to: a)
  !$omp target teams loop
  do i = 1, n
    a(i) = 5.0
  end do
  print *, a
  !$omp target exit data map(from: a)
end program
