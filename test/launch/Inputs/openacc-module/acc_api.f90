! ompx's openacc module (pipeline/runtime/openacc.f90): the device API, the
! async API and acc_is_present, on the host and in compute regions, as a
! multi-GPU MPI code calls them (a rank picks its device).
program acc_api
  use openacc
  implicit none
  integer, parameter :: n = 8, rank = 3
  integer :: i, nd, a(n)
  logical :: on_host(n), on_not_host(n)

  print '(a,i0)', 'version: ', openacc_version
  call acc_init(acc_device_default)
  print '(a,i0)', 'host devices: ', acc_get_num_devices(acc_device_host)
  print '(a,i0)', 'not_host devices: ', &
    acc_get_num_devices(acc_device_not_host)
  nd = acc_get_num_devices(acc_device_nvidia)
  print '(a,i0)', 'nvidia devices: ', nd
  print '(a,i0)', 'none devices: ', acc_get_num_devices(acc_device_none)
  if (nd > 0) call acc_set_device_num(mod(rank, nd), acc_device_nvidia)
  print '(a,i0)', 'device num: ', acc_get_device_num(acc_device_nvidia)
  print '(a,l1,l1,l1)', 'device type host/not_host/nvidia: ', &
    acc_get_device_type() == acc_device_host, &
    acc_get_device_type() == acc_device_not_host, &
    acc_get_device_type() == acc_device_nvidia
  print '(a,l1,l1)', 'host code on host/not_host: ', &
    acc_on_device(acc_device_host), acc_on_device(acc_device_not_host)

  on_host = .true.
  on_not_host = .false.
  !$acc parallel loop copy(on_host, on_not_host)
  do i = 1, n
    on_host(i) = acc_on_device(acc_device_host)
    on_not_host(i) = acc_on_device(acc_device_not_host)
  end do
  print '(a,l1,l1,l1,l1)', 'region on host (all/any), not_host (all/any): ', &
    all(on_host), any(on_host), all(on_not_host), any(on_not_host)

  a = 0
  !$acc parallel loop copy(a) async(1)
  do i = 1, n
    a(i) = i
  end do
  call acc_wait(1)
  print '(a,l1,i0)', 'async 1 done, sum: ', acc_async_test(1), sum(a)
  call acc_wait_all()
  print '(a,l1)', 'all done: ', acc_async_test_all()

  !$acc enter data copyin(a)
  print '(a,l1,l1,l1)', 'present after enter data: ', acc_is_present(a), &
    acc_is_present(a, 4 * n), acc_is_present(a(3:))
  !$acc exit data delete(a)
  print '(a,l1)', 'present after exit data: ', acc_is_present(a)
  call acc_shutdown(acc_device_default)
end program acc_api
