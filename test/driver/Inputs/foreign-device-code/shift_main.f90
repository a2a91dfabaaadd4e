program shift_main
  use offset_mod
  implicit none
  interface
    subroutine add_offset(x)
      !$omp declare target
      real(8), intent(inout) :: x
    end subroutine
  end interface
  real(8) :: r
  r = 21d0
  offset = 3d0 ! the host's copy: the device's stays 1
  !$omp target map(tofrom: r)
  call add_offset(r)
  !$omp end target
  print '(a, f5.1)', 'shifted on the device:', r
end program
