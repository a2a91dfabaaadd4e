! A task with depend written inside a target region: LLVM 22 makes invalid
! code of it (flang-22 too); ompx refuses it at the task.
program tk5
  implicit none
  integer :: x
  x = 0
!$omp target map(tofrom: x)
!$omp task depend(out: x) shared(x)
  x = 5
!$omp end task
!$omp end target
  print *, 'x', x
end program
