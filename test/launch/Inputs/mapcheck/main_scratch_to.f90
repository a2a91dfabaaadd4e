! Correct: a work array used as device scratch through map(to:) (the
! host never reads it again), the result through from.
program c08
  implicit none
  integer, parameter :: n = 32
  real :: work(n), out(n)
  integer :: i
  work = 0.0
  !$omp target map(to: work) map(from: out)
  do i = 1, n
    work(i) = real(i) * 2.0
    out(i) = work(i) + 1.0
  end do
  !$omp end target
  print *, merge('OK   ', 'WRONG', out(n) == 2.0 * n + 1.0)
end program
