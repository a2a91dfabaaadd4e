! A three-point stencil reads a(i-1) and a(i+1), but the map copies only
! a(1:n): a(0) and a(n+1) are never copied to the device. `c` is mapped
! with its halo: nothing outside its section is read. `g` (two dimensions)
! is read one column past its section.
program halo_section
  implicit none
  integer, parameter :: n = 64
  real :: a(0:n+1), b(n), c(0:n+1), d(n)
  real(8) :: g(4, 8), tot
  integer :: i, j
  a = 1.0
  c = 1.0
  g = 1.0d0
  tot = 0.0d0
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: b)
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
  !$omp target teams distribute parallel do map(to: c(0:n+1)) map(from: d)
  do i = 1, n
    d(i) = 0.5 * (c(i-1) + c(i+1))
  end do
  !$omp target map(to: g(:, 1:4)) map(tofrom: tot)
  do j = 1, 5
    do i = 1, 4
      tot = tot + g(i, j)
    end do
  end do
  !$omp end target
  print '(a,f5.2)', 'd(1)=', d(1)
end program
