program rt_main
  use phys_consts
  use phys_ops
  implicit none
  real(8) :: a(100)
  real(8), allocatable :: w(:)
  integer :: i
  a = 1d0
  call evolve(a, 100)
  !$omp target map(tofrom: a) map(from: w)
  w = a(1:10) * 2d0
  acc_total = acc_total + w(3)
  !$omp end target
  !$omp target update from(acc_total)
  print '(A,2F12.6)', 'w ', sum(a), acc_total
end program rt_main
