! The same mapped `tofrom`, and an internal read (which reads its buffer):
! no finding.
subroutine random_fill(x)
  real(8) :: x(4)
  !$omp target map(tofrom: x)
  call random_number(x)
  !$omp end target
end subroutine

subroutine label(k)
  character(len=8) :: s
  integer :: k
  s = 'old'
  !$omp target map(tofrom: s) map(to: k)
  write(s, '(i8)') k
  !$omp end target
  print *, s
end subroutine

subroutine parse(s, k)
  character(len=8) :: s
  integer :: k
  !$omp target map(to: s) map(from: k)
  read(s, '(i8)') k
  !$omp end target
end subroutine
