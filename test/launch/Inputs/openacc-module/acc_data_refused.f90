! The data routines OpenMP has no twin for: refused at their lines.
program acc_data_refused
  use openacc
  use, intrinsic :: iso_c_binding
  implicit none
  real, target :: a(100)
  real, pointer :: p(:)
  type(c_ptr) :: h
  call acc_copyin(a)
  h = acc_hostptr(acc_deviceptr(a))
  p => a
  call acc_attach(p)
end program acc_data_refused
