! The stencil reads a(i-1) and a(i+1), but the map copies only a(1:n): the
! halo elements a(0) and a(n+1) are never copied to the device.
program omp_halo_section
  implicit none
  integer, parameter :: n = 256
  real :: a(0:n+1), b(n)
  integer :: i
  a = 1.0
  b = 0.0
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: b) ! expect-static: map-section-read-outside ! expect-run: outside-section
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
  if (all(b == 1.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
