! A mapper that copies the weights alone; the record stays on the device,
! the host changes its scale, and a kernel reads the scale from the device
! copy, which never got it.
program mapper_skipped
  implicit none
  type :: layer
    real :: w(4)
    real :: scale
  end type
  !$omp declare mapper(layer :: l) map(l%w)
  type(layer) :: net
  real :: s
  net%w = 1.0
  net%scale = 1.0
  !$omp target enter data map(to: net)
  net%scale = 2.0
  !$omp target map(from: s)
  s = net%w(1) * net%scale
  !$omp end target
  !$omp target exit data map(delete: net)
  print '(a,f4.1)', 's = ', s
end program
