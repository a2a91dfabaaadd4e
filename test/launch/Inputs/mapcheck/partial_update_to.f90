! The host changes two components of a present record and updates one:
! the kernel reads the other from the device's old copy.
program partial_update_to
  implicit none
  type :: cell
    real(8) :: mass = 1d0
    integer :: count = 2
  end type
  type(cell) :: c
  real(8) :: total
  !$omp target enter data map(to: c)
  c%mass = 3d0
  c%count = 4
  !$omp target update to(c%mass)
  !$omp target map(from: total)
  total = c%mass * c%count
  !$omp end target
  !$omp target exit data map(delete: c)
  print '(a,f5.1)', 'total = ', total
end program
