program main
  use phys_consts
  use phys_ops
  implicit none
  integer, parameter :: n = 4000
  real(8) :: a(n), b(n), t
  integer :: i
  do i = 1, n
    a(i) = sin(real(i, 8)) * 3d0
  end do
  gain = 0.75d0
  nsteps = 3
  !$omp target update to(gain, nsteps)
  call evolve(a, n)
  ! main's own kernel: reads the library's declare target gain and the
  ! library's damp on the device.
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 1, n
    b(i) = a(i) * gain / (1d0 + abs(a(i))) * gain
  end do
  call accumulate(b, n)
  ! main's kernel writes the library's variable on the device
  !$omp target
  acc_total = acc_total * 2d0 + real(nsteps, 8)
  !$omp end target
  call accumulate(a, n)
  !$omp target update from(acc_total)
  t = 0d0
  do i = 1, n
    t = t + a(i) * real(mod(i, 7), 8) + b(i)
  end do
  print '(A,F24.10)', 'checksum ', t
  print '(A,F24.10)', 'acc_total ', acc_total
end program main
