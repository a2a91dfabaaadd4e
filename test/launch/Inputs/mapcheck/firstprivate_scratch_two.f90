! tmp is scratch in two target regions (each writes it before reading);
! the host never reads tmp itself. Only passing it to the second region's
! implicit firstprivate copy reads the host's tmp: no finding expected.
program fp_scratch2
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), tmp
  integer :: i
  a = 1.0
  b = 0.0
  tmp = 0.0
  !$omp target map(tofrom: a)
  do i = 1, n
    tmp = a(i) * 2.0
    a(i) = tmp + 1.0
  end do
  !$omp end target
  !$omp target map(to: a) map(tofrom: b)
  do i = 1, n
    tmp = a(i) + 1.0
    b(i) = tmp
  end do
  !$omp end target
  print *, merge('OK   ', 'WRONG', all(a == 3.0) .and. all(b == 4.0))
end program
