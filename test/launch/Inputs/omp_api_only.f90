! Device memory through the OpenMP API and no construct: an allocation on
! the default device, a copy there and back.
program omp_api_only
  use omp_lib
  use iso_c_binding
  implicit none
  real(8), target :: a(8), b(8)
  type(c_ptr) :: d
  integer(c_int) :: rc, dev
  integer(c_size_t) :: bytes
  a = 3
  b = 0
  dev = omp_get_default_device()
  bytes = 8 * 8
  d = omp_target_alloc(bytes, dev)
  rc = omp_target_memcpy(d, c_loc(a), bytes, 0_c_size_t, 0_c_size_t, dev, &
                         omp_get_initial_device())
  rc = omp_target_memcpy(c_loc(b), d, bytes, 0_c_size_t, 0_c_size_t, &
                         omp_get_initial_device(), dev)
  call omp_target_free(d, dev)
  print '(a,i2,f5.1)', 'devices, b(8):', omp_get_num_devices(), b(8)
end program
