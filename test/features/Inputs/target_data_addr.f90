! use_device_addr on a target data construct that also maps x: flang-22
! gives omp.target_data map_entries (no block arguments) and
! use_device_addr (one block argument).
subroutine target_data_addr(x, n)
  integer :: n
  real, target :: x(n)
  !$omp target data map(tofrom: x) use_device_addr(x)
    call use_it(x)
  !$omp end target data
end subroutine
