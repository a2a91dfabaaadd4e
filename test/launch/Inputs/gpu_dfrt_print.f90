! ompx's device Fortran subset on the GPU (issue 41): list-directed PRINT of
! integers, reals, logicals, strings and a small array from a target region.
! One thread prints, so the order is fixed, and only the device prints (a
! host-offload run buffers the device's output apart from the host's);
! scripts/gpu_suite.py compares the output with a host-offload run.
program gpu_dfrt_print
  implicit none
  integer :: i, n(5)
  integer(8) :: big
  real :: x
  double precision :: d
  logical :: ok
  n = [(i * i, i = 1, 5)]
  big = 123456789012_8
  x = 2.5
  d = 1.0d0 / 3.0d0
  ok = .true.
  !$omp target map(to: n, big, x, d, ok)
  print *, 'integers', n(2), -7, big
  print *, 'reals', x, -x * 1.0e20, d, 0.0
  print *, 'logicals', ok, .not. ok
  print *, 'strings', 'a', 'bc', 'def'
  print *, 'array', n
  write (*, *) 'section', n(1:5:2), x * n(3)
  !$omp end target
end program
