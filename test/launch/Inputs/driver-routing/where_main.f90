program where_main
  implicit none
  logical :: onhost
  call where_run(onhost)
  print *, 'region ran on the host:', onhost
end program
