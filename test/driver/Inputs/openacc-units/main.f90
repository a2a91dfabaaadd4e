! The other unit: the module's constants and procedures and field's.
program main
  use openacc
  use field
  implicit none
  integer :: a(10)
  logical :: offloaded
  call acc_init(acc_device_default)
  call pick_device(1)
  call fill(a, 10, offloaded)
  call acc_wait_all()
  print '(a,i0,a,i0,a,l1)', 'device ', acc_get_device_num(acc_device_nvidia), &
    ' sum ', sum(a), ' offloaded ', offloaded
  print '(a,l1)', 'host code on host: ', acc_on_device(acc_device_host)
end program main
