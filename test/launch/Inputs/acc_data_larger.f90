! data copy(p) { data copy(a) }: outer pointer, inner larger array (spec: error)
program acc_data_larger
  implicit none
  real, target :: a(12)
  real, pointer :: p(:), q(:), s
  real :: want(12)
  integer :: i
  a = [(real(i), i = 1, 12)]
  want = a
  p => a(3:10)
  q => a(6:12)
  s => a(4)
  want(3) = 103.0
  want(12) = 120.0
  !$acc data copy(p)
  !$acc data copy(a)
  !$acc parallel
  a(3) = a(3) + 100.0
  a(12) = 120.0
  !$acc end parallel
  !$acc end data
  !$acc end data
  if (all(a == want)) then
    print *, 'PASS'
  else
    print *, 'FAIL got ', a
    print *, '    want ', want
  end if
end program
