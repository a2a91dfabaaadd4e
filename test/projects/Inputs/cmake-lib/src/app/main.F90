program main
  use heat_params
  use heat_kernels
  implicit none
  real(8) :: t(0:NX+1), tn(0:NX+1), s
  integer :: k, i
  t = 0d0
  t(NX/2) = 100d0
  tn = 0d0
  do k = 1, 50
    call step(t, tn)
    t(1:nx) = tn(1:nx)
  end do
  s = 0d0
  do i = 1, nx
    s = s + t(i)**2 * i
  end do
  print '(A,I0,A,F20.6)', 'nx=', nx, ' checksum ', s
end program main
