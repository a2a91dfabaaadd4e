! With unified shared memory one copy is shared: map(to:) written is no bug.
program usm
  implicit none
  !$omp requires unified_shared_memory
  real :: a(10)
  integer :: i
  a = 1.0
  !$omp target map(to: a)
  do i = 1, 10
    a(i) = 2.0
  end do
  !$omp end target
  print *, a(1)
end program
