program devices
  use omp_lib
  integer :: a(100), i
  print '(A,I0)', 'devices ', omp_get_num_devices()
  !$omp target teams distribute parallel do map(from: a)
  do i = 1, 100
    a(i) = 2 * i
  end do
  print '(A,I0)', 'sum ', sum(a)
end program
