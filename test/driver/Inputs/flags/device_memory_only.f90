! No target construct: only the device memory routines.
program device_memory_only
  use omp_lib
  use iso_c_binding
  implicit none
  type(c_ptr) :: p
  integer :: dev
  print '(a,l1)', 'devices: ', omp_get_num_devices() > 0
  dev = omp_get_default_device()
  p = omp_target_alloc(64_c_size_t, dev)
  print '(a,l1)', 'allocated on the device: ', c_associated(p)
  call omp_target_free(p, dev)
end program device_memory_only
