program main
  implicit none
  real :: x(8), y(8)
  x = 1.0
  y = 2.0
  call axpy(3.0, x, y, 8)
  if (all(abs(y - 8.0) < 1e-6)) then
    print *, 'PASSED'
  else
    print *, 'FAILED', y(1)
    error stop 1
  end if
end program
