! Writes in a target region through flang's runtime, to data mapped `to`
! only: the host never sees them.
subroutine random_fill(x)
  real(8) :: x(4)
  !$omp target map(to: x)
  call random_number(x)
  !$omp end target
end subroutine

subroutine label(k)
  character(len=8) :: s
  integer :: k
  s = 'old'
  !$omp target map(to: s) map(to: k)
  write(s, '(i8)') k
  !$omp end target
  print *, s
end subroutine
