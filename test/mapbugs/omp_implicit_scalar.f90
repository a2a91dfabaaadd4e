! A scalar set in a target region with no map: it is firstprivate, so the
! host never sees the value.
program omp_implicit_scalar
  implicit none
  integer, parameter :: n = 1000
  real :: a(n), s
  integer :: i
  a = 1.0
  s = 0.0
  !$omp target map(to: a) ! expect-static: implicit-scalar-write ! expect-run: firstprivate-write
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
  if (s == 1000.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
