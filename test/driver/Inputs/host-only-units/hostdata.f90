! Only a host_data construct: the device address it passes on is the
! host's when built without offload targets.
subroutine pass_device_address(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  interface
    subroutine kernel(a, n)
      integer, intent(in) :: n
      real(8), intent(inout) :: a(n)
    end subroutine
  end interface
  !$acc host_data use_device(a)
  call kernel(a, n)
  !$acc end host_data
end subroutine
