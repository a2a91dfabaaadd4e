! Written in a target region without a map: only the plain scalar `p` is
! firstprivate; a TARGET scalar and a character variable are mapped tofrom.
program implicit_tofrom
  implicit none
  integer, target :: t
  character(len=4) :: c
  integer :: p
  t = 1; c = 'abcd'; p = 1
  !$omp target
  t = 11
  c = 'WXYZ'
  p = 2
  !$omp end target
  print *, t, c, p
end program implicit_tofrom
