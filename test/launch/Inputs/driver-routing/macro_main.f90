program macro_main
  use macro_state
  implicit none
  call macro_fill()
  !$omp target update from(buf)
  print *, 'buf(8) =', buf(8)
end program
