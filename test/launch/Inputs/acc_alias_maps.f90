! OpenACC data clauses naming overlapping storage on one compute construct:
! a pointer into an array and the array, a scalar pointer to an element, two
! pointers of one array, and allocatables. acc-to-omp maps a pointer or an
! allocatable by its descriptor alone; the alias cover gives them one copy.
program acc_alias_maps
  implicit none
  real, target :: a(12)
  real, allocatable, target :: x(:)
  real, pointer :: p(:), q(:), s
  real :: want(12)
  integer :: i

  call reset()
  p => a(3:10)
  want(3) = 103.0; want(12) = 120.0
  !$acc parallel copy(p) copy(a)
    p(1) = p(1) + 100.0
    a(12) = 120.0
  !$acc end parallel
  call check('A', a, want)

  call reset()
  want(3) = 101.0
  !$acc kernels copyin(a) copyout(p)
    p(1) = a(1) + 100.0
  !$acc end kernels
  call check('B', a, want)

  call reset()
  q => a(6:12)
  want(6) = 106.0; want(8) = 8.0 + 106.0
  !$acc serial copy(p) copy(q)
    q(1) = q(1) + 100.0
    p(6) = p(6) + q(1)
  !$acc end serial
  call check('C', a, want)

  call reset()
  want(3) = 103.0; want(12) = 120.0
  !$acc parallel
    p(1) = p(1) + 100.0
    a(12) = 120.0
  !$acc end parallel
  call check('D', a, want)

  call reset()
  s => a(4)
  want(4) = 104.0; want(12) = 120.0
  !$acc parallel copy(s)
    s = s + 100.0
    a(12) = 120.0
  !$acc end parallel
  call check('E', a, want)

  allocate(x(12))
  x = [(real(i), i = 1, 12)]
  want = x
  p => x(4:6)
  want(4) = 44.0; want(10) = 99.0
  !$acc parallel copy(p) copy(x)
    p(1) = 44.0
    x(10) = 99.0
  !$acc end parallel
  call check('F', x, want)
contains
  subroutine reset()
    a = [(real(i), i = 1, 12)]
    want = a
  end subroutine

  subroutine check(tag, got, expect)
    character(*), intent(in) :: tag
    real, intent(in) :: got(:), expect(:)
    if (all(got == expect)) then
      print '(a, ": PASS")', tag
    else
      print '(a, ": FAIL", 12f7.1)', tag, got
    end if
  end subroutine
end program
