! The external routine acc_routine's ext_caller calls (its acc routine
! directive binds the device version to ext_kernel_dev): host version, for
! the host-fallback launch (--driver=acc_routine.driver.f90
! --driver=acc_routine.ext_kernel.f90). The OpenMP twin defines its own.
subroutine ext_kernel(v)
  implicit none
  real, intent(inout) :: v
  v = 2.0 * v + 1.0
end subroutine ext_kernel
