! A unit that picks its device with the openacc module and fills an array
! in a compute region that asks where it runs.
module field
  use openacc
  implicit none
contains
  subroutine pick_device(rank)
    integer, intent(in) :: rank
    integer :: nd
    nd = acc_get_num_devices(acc_device_nvidia)
    if (nd > 0) call acc_set_device_num(mod(rank, nd), acc_device_nvidia)
  end subroutine pick_device

  subroutine fill(a, n, offloaded)
    integer, intent(in) :: n
    integer, intent(out) :: a(n)
    logical, intent(out) :: offloaded
    integer :: i
    offloaded = .false.
    !$acc parallel loop copyout(a) copy(offloaded)
    do i = 1, n
      a(i) = i
      if (i == 1) offloaded = acc_on_device(acc_device_not_host)
    end do
  end subroutine fill
end module field
