! OpenMP twin of corpus/flang/acc/acc_host_data_runtime.f90 (same
! procedure, same interface). host_data use_device -> target data
! use_device_addr; the runtime directives have no OpenMP construct and get
! the nearest spelling (study section 2): init and shutdown -> nothing
! (libomptarget starts lazily and stops at exit), set device_num(0) ->
! omp_set_default_device(0), wait -> taskwait, wait async(4) -> nothing
! (no work is queued).
subroutine hd(n, a)
  use iso_c_binding
  use omp_lib, only: omp_set_default_device
  implicit none
  integer, intent(in) :: n
  real, target, intent(inout) :: a(n)
  type(c_ptr) :: dptr_val

  ! acc init device_type(nvidia): nothing
  ! acc set device_num(0)
  call omp_set_default_device(0)
  ! acc data copy(a)
  !$omp target data map(tofrom: a)
  ! acc host_data use_device(a)
  !$omp target data use_device_addr(a)
  dptr_val = c_loc(a)
  !$omp end target data
  !$omp end target data
  ! acc wait async(4): nothing
  ! acc wait
  !$omp taskwait
  ! acc shutdown: nothing
end subroutine hd
