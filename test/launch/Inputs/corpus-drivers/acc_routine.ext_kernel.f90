! The external routine acc_routine's ext_caller calls: the host version
! ext_kernel, and the device version its acc routine directive binds to,
! ext_kernel_dev (on host-offload the device is x86 too: the program's
! definition serves the device image). For --driver=acc_routine.driver.f90
! --driver=acc_routine.ext_kernel.f90. The OpenMP twin defines its own.
subroutine ext_kernel(v)
  implicit none
  real, intent(inout) :: v
  v = 2.0 * v + 1.0
end subroutine ext_kernel

subroutine ext_kernel_dev(v) bind(c, name='ext_kernel_dev')
  implicit none
  real, intent(inout) :: v
  v = 2.0 * v + 1.0
end subroutine ext_kernel_dev
