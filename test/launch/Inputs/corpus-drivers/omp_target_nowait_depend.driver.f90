! Driver for corpus/flang/omp/omp_target_nowait_depend: two dependent
! nowait target regions, is_device_ptr on memory from omp_target_alloc,
! and has_device_addr inside use_device_addr.
program main
  use omp_lib
  use iso_c_binding
  implicit none
  integer, parameter :: n = 64
  real, target :: a(n), b(n), x(n), back(n)
  type(c_ptr) :: d
  integer :: i, dev, host, rc

  a = [(real(i), i = 1, n)]
  b = 10.0
  call async_offload(n, a, b)
  call check('async_offload a', count(a /= [(real(i) + 1.0, i = 1, n)]))
  call check('async_offload b', count(b /= [(real(i) + 11.0, i = 1, n)]))

  dev = omp_get_default_device()
  host = omp_get_initial_device()
  d = omp_target_alloc(int(n * 4, c_size_t), dev)
  back = 0.0
  rc = omp_target_memcpy(d, c_loc(back), int(n * 4, c_size_t), 0_c_size_t, &
                         0_c_size_t, dev, host)
  call devptr(n, d)
  rc = omp_target_memcpy(c_loc(back), d, int(n * 4, c_size_t), 0_c_size_t, &
                         0_c_size_t, host, dev)
  call omp_target_free(d, dev)
  call check('devptr', merge(0, 1, back(1) == 1.0 .and. all(back(2:) == 0.0)))

  x = 0.0
  call dev_addr(n, x)
  call check('dev_addr', merge(0, 1, x(1) == 2.0 .and. all(x(2:) == 0.0)))
contains
  include 'check.fi'
end program main
