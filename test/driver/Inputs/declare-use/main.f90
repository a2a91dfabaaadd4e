program declare_use
  use state
  implicit none
  real(8) :: y, ydev, seen
  integer :: it
  gscale = 2.0d0
  ncalls = 0
  !$omp target update to(gscale, ncalls)
  y = 0
  do it = 1, 3
    ydev = 0
    !$omp target map(from: ydev)
    ydev = scaled(1.0d0)
    !$omp end target
    y = y + ydev
    ! No map clause: the module's device variables, written here.
    !$omp target
    gscale = gscale * 0.5d0
    ncalls = ncalls + 1
    !$omp end target
  end do
  ! Read on the device: its value, not the host's (still 2).
  !$omp target map(from: seen)
  seen = gscale
  !$omp end target
  print '(a, f6.3, a, f6.3)', 'host ', gscale, ' device ', seen
  !$omp target update from(gscale, ncalls)
  print '(a, f6.3, a, f6.3, a, i0)', 'y ', y, ' gscale ', gscale, ' ncalls ', ncalls
end program
