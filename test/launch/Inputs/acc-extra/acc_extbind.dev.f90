! The device version of acc-extra/acc_extbind's ext, for host-offload.
subroutine ext_dev(v) bind(c, name='ext_dev')
  real, intent(inout) :: v
  v = v + 10.0
end subroutine ext_dev
