! The kernel computes only the interior of the result; `map(from: b)`
! copies all of b back, the boundary cells the host had set included, and
! those come back as the device's uninitialized memory.
program omp_from_partial
  implicit none
  integer, parameter :: n = 128
  real :: a(n), b(n)
  integer :: i
  a = 1.0
  b = -1.0
  !$omp target teams distribute parallel do map(to: a) map(from: b) ! expect-static: map-from-partly-written ! expect-run: uninitialized-read
  do i = 2, n - 1
    b(i) = 2.0 * a(i)
  end do
  if (b(1) == -1.0 .and. b(n) == -1.0 .and. all(b(2:n-1) == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
