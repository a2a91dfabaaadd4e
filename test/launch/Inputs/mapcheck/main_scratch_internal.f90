! Bug: an internal procedure reads `work` after the region: the
! not-copied-back must stay (another procedure names the global).
program c08_internal
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
  call show()
contains
  subroutine show()
    print *, merge('OK   ', 'WRONG', work(n) == 2.0 * n)
  end subroutine
end program
