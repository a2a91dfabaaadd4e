! Overlapping names on OpenACC data constructs: data copy(p) copy(a), a
! section and the whole array on one data region, and update host(p) where
! p's target is present through a.
program acc_data_alias_maps
  implicit none
  real, target :: a(12)
  real, pointer :: p(:)
  real :: want(12), got
  integer :: i
  a = [(real(i), i = 1, 12)]
  want = a
  p => a(3:10)
  want(3) = 103.0; want(12) = 120.0
  !$acc data copy(p) copy(a)
    !$acc parallel present(a)
      a(3) = a(3) + 100.0
      a(12) = 120.0
    !$acc end parallel
  !$acc end data
  call report('A', all(a == want))

  a = [(real(i), i = 1, 12)]
  want = a
  want(2) = -2.0; want(9) = -9.0
  !$acc data copyin(a(1:5)) copy(a)
    !$acc parallel present(a)
      a(2) = -2.0
      a(9) = -9.0
    !$acc end parallel
  !$acc end data
  call report('B', all(a == want))

  a = [(real(i), i = 1, 12)]
  !$acc data copy(a)
    !$acc parallel present(a)
      a(3) = 103.0
    !$acc end parallel
    !$acc update host(p)
    got = a(3)
  !$acc end data
  call report('C', got == 103.0)
contains
  subroutine report(tag, ok)
    character(*), intent(in) :: tag
    logical, intent(in) :: ok
    print '(a, ": ", a)', tag, merge('PASS', 'FAIL', ok)
  end subroutine
end program
