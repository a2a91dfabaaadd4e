! Two pointers into one array overlapping partly (p => a(1:6), q => a(4:9)),
! both mapped tofrom in one construct; the region writes only a(5), which
! both name. q's copy back is needed (q changed), yet the checked run calls
! it redundant: ompx's cover copied a(4:6) back twice.
program alias_partial2
  implicit none
  real, target :: a(10)
  real, pointer :: p(:), q(:)
  real :: ref(10)
  integer :: i
  a = [(real(i), i = 1, 10)]
  ref = a
  ref(5) = ref(5) * 2.0
  p => a(1:6)
  q => a(4:9)
  !$omp target map(tofrom: p, q)
  q(2) = q(2) * 2.0
  !$omp end target
  print '(10f7.1)', a
  if (any(a /= ref)) then
    print *, 'WRONG'
  else
    print *, 'OK'
  end if
end program
