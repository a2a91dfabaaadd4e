! A cancel in a target region: LLVM 22 crashes translating it for every
! device (flang-22 too); ompx refuses it at the op. The host runs it
! (OMP_CANCELLATION is false by default: every iteration counts).
program tcan
  implicit none
  integer :: x, i
  x = 0
  !$omp target parallel map(tofrom: x)
  !$omp do
  do i = 1, 10
    !$omp cancel do if(i > 5)
    !$omp atomic
    x = x + 1
  end do
  !$omp end target parallel
  print '(a,i0)', 'x = ', x
end program
