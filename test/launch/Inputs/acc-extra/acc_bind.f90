! routine bind: the device version of host_ver is dev_ver, called directly
! from a parallel loop and through another routine; the host keeps
! calling host_ver.
module acc_bind_mod
contains
  subroutine host_ver(x)
    !$acc routine seq bind(dev_ver)
    real :: x
    x = 1.0
  end subroutine host_ver
  subroutine dev_ver(x)
    !$acc routine seq
    real :: x
    x = 2.0
  end subroutine dev_ver
  subroutine caller(x)
    !$acc routine seq
    real :: x
    call host_ver(x)
  end subroutine caller
end module acc_bind_mod

subroutine bind_kernel(n, a, b)
  use acc_bind_mod
  implicit none
  integer, intent(in) :: n
  real, intent(out) :: a(n), b(n)
  integer :: i
  !$acc parallel loop copyout(a, b)
  do i = 1, n
    call host_ver(a(i))
    call caller(b(i))
  end do
end subroutine bind_kernel
