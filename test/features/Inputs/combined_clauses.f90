! Combined directives: a clause variable and a construct word each name
! their own op (the leaf that holds the clause, not the outermost).
program combined_clauses
  implicit none
  integer, parameter :: n = 100
  real :: a(n), s
  integer :: i, m
  a = 1.0
  s = 0.0
  m = 0
  !$acc parallel loop reduction(+:s) reduction(max:m) copyin(a)
  do i = 1, n
    s = s + a(i)
    m = max(m, i)
  end do
  print *, s, m
  !$omp target teams distribute parallel do reduction(+:s) map(to: a)
  do i = 1, n
    s = s + a(i)
  end do
end program
