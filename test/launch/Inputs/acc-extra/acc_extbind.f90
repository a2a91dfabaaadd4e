! routine bind to a device procedure defined in another file: the device
! calls ext_dev, which the driver must define (on host-offload the
! program's definition serves the device image).
subroutine extbind(n, x)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  interface
    subroutine ext(v)
      !$acc routine(ext) seq bind("ext_dev")
      real, intent(inout) :: v
    end subroutine ext
  end interface
  integer :: i
  !$acc parallel loop copy(x)
  do i = 1, n
    call ext(x(i))
  end do
end subroutine extbind
