! Under a condition true for either model, the !$acc lines are active:
! built with -fopenmp alone they are comments, and that deserves a word.
program dual_either
  implicit none
  real :: a(10)
  integer :: i
#if defined(_OPENMP) || defined(_OPENACC)
  !$acc parallel loop
  do i = 1, 10
    a(i) = i
  end do
#endif
  print *, sum(a)
end program
