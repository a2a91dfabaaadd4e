! A deferred construct gets no copy made around it. An array and a pointer
! into it, the array mapped first: LLVM 22 maps them right (the pointer is
! found inside the array's copy), and the construct runs. The pointer
! first, the array reaches past its copy: the program stops.
program alias_nowait
  implicit none
  real, target :: x(10)
  real, pointer :: px(:)
  integer :: i
  x = [(real(i), i = 1, 10)]
  px => x(3:8)
  !$omp target nowait
  x(1) = x(10) + px(1)
  !$omp end target
  !$omp taskwait
  print '(a, f8.1)', 'x(1):', x(1)
  !$omp target nowait
  px(1) = px(2) + x(10)
  !$omp end target
  !$omp taskwait
  print '(a)', 'not reached'
end program
