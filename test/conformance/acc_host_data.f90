! OpenACC 3.3 host_data use_device: the device address of present data,
! handed to a compute region that takes it as deviceptr.
program acc_host_data
  implicit none
  integer, parameter :: n = 32
  integer :: a(n), i
  a = [(i, i = 1, n)]
  !$acc data copy(a)
  !$acc host_data use_device(a)
  call bump(a, n)
  !$acc end host_data
  !$acc end data
  call check_i('use_device_deviceptr', sum(a), n * (n + 1) / 2 + 10 * n)
contains
  subroutine bump(d, m)
    integer, intent(in) :: m
    integer :: d(m)
    integer :: j
    !$acc parallel loop deviceptr(d)
    do j = 1, m
      d(j) = d(j) + 10
    end do
  end subroutine bump
  include 'check.fi'
end program acc_host_data
