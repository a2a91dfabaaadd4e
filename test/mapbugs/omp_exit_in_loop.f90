! The clean-up `exit data map(delete:)` sits inside the time loop instead of
! after it: the first step's device result is dropped, and from the second
! step on the kernel's map copies the host's old values in again.
program omp_exit_in_loop
  implicit none
  integer, parameter :: n = 32
  real :: a(n)
  integer :: i, s
  a = 0.0
  !$omp target enter data map(to: a)
  do s = 1, 3
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
    !$omp target exit data map(delete: a) ! expect-static: stale-host-read ! expect-run: not-copied-back
  end do
  if (all(a == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
