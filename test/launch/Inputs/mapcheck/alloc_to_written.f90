! An allocatable mapped `to` and written by the kernel: its changes never
! come back. flang names the map entry of its data `unknown`.
program alloc_to_written
  implicit none
  real, allocatable :: v(:)
  integer :: i
  allocate(v(64))
  v = 1.0
  !$omp target map(to: v)
  do i = 1, 64
    v(i) = 2.0
  end do
  !$omp end target
  print '(a,f4.1)', 'v(1) = ', v(1)
end program
