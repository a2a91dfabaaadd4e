! Data an `acc enter data` put on the device: a later construct's create or
! copyin of it moves nothing (present_or semantics), so its device copy is
! initialized and its writes wait for the exit data's copyout. No finding,
! but for `scratch`, which nothing entered.
module acc_entered
  implicit none
  real(8) :: g(8)
contains
  subroutine init()
    g = 1d0
    !$acc enter data copyin(g)
  end subroutine
  subroutine k1()
    integer :: i
    !$acc parallel loop create(g)
    do i = 1, 8
      g(i) = g(i) + 1d0
    end do
  end subroutine
  subroutine k2()
    integer :: i
    !$acc parallel loop copyin(g)
    do i = 1, 8
      g(i) = g(i) * 3d0
    end do
  end subroutine
  subroutine k3()
    integer :: i
    !$acc data create(g)
    !$acc parallel loop
    do i = 1, 8
      g(i) = g(i) - 1d0
    end do
    !$acc end data
  end subroutine
  subroutine local()
    real(8) :: scratch(8)
    integer :: i
    !$acc parallel loop create(scratch)
    do i = 1, 8
      scratch(i) = scratch(i) + 1d0
    end do
  end subroutine
  subroutine fini()
    !$acc exit data copyout(g)
  end subroutine
end module
