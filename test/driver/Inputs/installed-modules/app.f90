! Uses the library's module through its installed .mod file.
program app
  use counter
  implicit none
  integer :: i, host, device
  do i = 1, 5
    !$omp target
    ticks = ticks + 1
    !$omp end target
  end do
  host = ticks
  device = device_ticks()
  print '(a, i0, a, i0)', 'device ticks ', device, ', host ticks ', host
end program
