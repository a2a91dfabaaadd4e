! One `target update` naming two sections of one allocatable (a periodic
! halo: both boundary cells): flang-22 gives each item a parent entry of
! the array's descriptor, and the runtime moves each section. Both cells
! come back, and both ghost cells go in; a pointer array the same.
program update_two_sections
  implicit none
  integer, parameter :: n = 8
  real, allocatable :: u(:), w(:)
  real, pointer :: p(:)
  integer :: i
  allocate(u(0:n+1), w(n), p(n))
  u = 0
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = real(i)
  end do
  !$omp target update from(u(1:1), u(n:n))
  print '(a,2f5.1)', 'from: ', u(1), u(n)
  u(0) = u(n)
  u(n+1) = u(1)
  !$omp target update to(u(0:0)) to(u(n+1:n+1))
  !$omp target teams distribute parallel do map(from: w)
  do i = 1, n
    w(i) = u(i-1) + u(i+1)
  end do
  !$omp target exit data map(delete: u)
  print '(a,2f5.1)', 'to:   ', w(1), w(n)
  p = 0
  !$omp target enter data map(to: p)
  !$omp target teams distribute parallel do
  do i = 1, n
    p(i) = real(10 * i)
  end do
  !$omp target update from(p(2:2), p(n-1:n-1))
  print '(a,2f6.1)', 'ptr:  ', p(2), p(n-1)
  !$omp target exit data map(delete: p)
end program
