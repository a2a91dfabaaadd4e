! Bug twin of c08: the host reads `work` after the region (map(to:) loses
! the region's writes): the not-copied-back must stay.
program c08_read_after
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
  print *, merge('OK   ', 'WRONG', work(n) == 2.0 * n)
end program
