! p => a(1:6), q => a(4:9) mapped tofrom; the region writes a(2), only p's:
! q's copy back is redundant (a true remark, kept).
program alias_partial_ponly
  implicit none
  real, target :: a(10)
  real, pointer :: p(:), q(:)
  real :: ref(10)
  integer :: i
  a = [(real(i), i = 1, 10)]
  ref = a
  ref(2) = ref(2) * 2.0
  p => a(1:6)
  q => a(4:9)
  !$omp target map(tofrom: p, q)
  p(2) = p(2) * 2.0
  !$omp end target
  print '(10f7.1)', a
  if (any(a /= ref)) then
    print *, 'WRONG'
  else
    print *, 'OK'
  end if
end program
