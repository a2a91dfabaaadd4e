! firstprivate of an array present in an enclosing target data region whose
! device copy is newer than the host's: the private copies start from the
! device's values.
program private_present
  implicit none
  integer, parameter :: n = 100
  real(8) :: w(n), s
  integer :: i
  w = 3
  s = 0
  !$omp target data map(to: w)
  !$omp target
  w = 5
  !$omp end target
  !$omp target map(tofrom: s)
  !$omp parallel do firstprivate(w) reduction(+:s)
  do i = 1, n
    s = s + w(i)
  end do
  !$omp end target
  !$omp end target data
  if (s == 5d0 * n) then
    print *, 'PASS private_present', s
  else
    print *, 'FAIL private_present', s
  end if
end program
