program main
  use phys_consts
  use phys_ops
  implicit none
  real(8) :: b(4), want(4)
  integer :: i
  gain = 0.75d0
  !$omp target update to(gain)
  want = [(damp(real(i, 8)), i = 1, 4)]
  gain = 100d0   ! host copy only; the device keeps 0.75
  !$omp target map(from: b)
  do i = 1, 4
    b(i) = damp(real(i, 8))
  end do
  !$omp end target
  print '(A,4F12.6)', 'want ', want
  print '(A,4F12.6)', 'got  ', b
end program main
