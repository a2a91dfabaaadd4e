! The first kernel's results never come back (not-copied-back); the program
! reads the stale value and aborts before it ends. The finding made before the
! abort is reported.
program aborts
  implicit none
  integer, parameter :: n = 8
  real :: v(n)
  integer :: i
  v = 1.0
  !$omp target teams distribute parallel do map(to: v)
  do i = 1, n
    v(i) = 0.0
  end do
  if (v(1) > 0.5) call abort()
end program
