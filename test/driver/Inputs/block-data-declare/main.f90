program main
  implicit none
  real :: out(4), shifted(2)
  external tables
  call scale_table(out, shifted)
  print '(a,4f5.1)', 'device copy of /cst/:', out
  print '(a,2f6.2)', 'mapped /lnk/:', shifted
end program
