! A loop bound read from a scalar a kernel set on the device, while it is
! present (a data region): the region reads the device's copy, so must its
! bounds, which LLVM 22 needs on the host (host_eval).
program present_bounds
  implicit none
  real :: a(100)
  integer :: nact, m, i
  a = 1.0
  nact = 0
  !$acc data copy(a, nact)
  !$acc serial
  nact = 40
  !$acc end serial
  !$acc parallel loop present(nact)
  do i = 1, nact
    a(i) = -a(i)
  end do
  !$acc parallel loop copy(nact)
  do i = 1, nact / 2
    a(i) = 10 * a(i)
  end do
  !$acc kernels present(nact)
  !$acc loop independent
  do i = 1, nact / 4
    a(i) = a(i) - 1
  end do
  !$acc end kernels
  !$acc end data
  print '(a,i4,a,f8.1)', 'acc: nact', nact, ' sum', sum(a)
end program
