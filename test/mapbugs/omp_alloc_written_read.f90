! A kernel fills an array mapped alloc (device scratch), but the host reads
! it afterwards.
program omp_alloc_written_read
  implicit none
  integer, parameter :: n = 500
  real :: a(n)
  integer :: i
  a = 0.0
  !$omp target teams distribute parallel do map(alloc: a) ! expect-static: map-write-not-from ! expect-run: stale-host-read
  do i = 1, n
    a(i) = real(i)
  end do
  if (a(n) == real(n)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
