! A part present before the construct and another not: LLVM 22 would map
! the second alone. ompx stops the program before the construct.
program part_present
  implicit none
  real :: v(8)
  integer :: i
  v = 1.0
  !$omp target enter data map(to: v(1:4))
  !$omp target map(to: v(1:4)) map(tofrom: v(5:8))
  do i = 5, 8
    v(i) = v(i) + v(i-4)
  end do
  !$omp end target
  print *, 'not reached', v
end program
