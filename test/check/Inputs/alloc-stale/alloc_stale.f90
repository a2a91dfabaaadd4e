! The host changes allocatable data after it was copied to the device, and
! a kernel reads the old device copy: in a data region (`f`), after enter
! data (`g`, a module's). `h` gets its `target update to` first.
module alloc_stale_mod
  implicit none
  real(8), allocatable :: g(:)
end module

program alloc_stale
  use alloc_stale_mod
  implicit none
  real(8), allocatable :: f(:), h(:)
  integer :: i
  allocate (f(100), g(100), h(100))
  f = 1
  g = 1
  h = 1
  !$omp target data map(tofrom: f)
  f = 5
  !$omp target teams distribute parallel do
  do i = 1, 100
    f(i) = f(i) + 1
  end do
  !$omp end target data
  !$omp target enter data map(to: g, h)
  g = 5
  h = 5
  !$omp target update to(h)
  !$omp target teams distribute parallel do
  do i = 1, 100
    g(i) = g(i) + h(i)
  end do
  !$omp target exit data map(from: g, h)
  print *, f(1), g(1), h(1)
end program
