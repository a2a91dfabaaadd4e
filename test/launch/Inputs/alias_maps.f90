! Two names of one storage in one target region. Each line's expected
! values are the serial program's.
module alias_maps_m
  implicit none
contains
  ! Overlapping dummies (legal: both read only, or only r written).
  subroutine gather(x, y, r)
    real, intent(in) :: x(8), y(3)
    real, intent(out) :: r(11)
    integer :: i
    !$omp target map(tofrom: r)
    do i = 1, 3
      r(8 + i) = y(i)
    end do
    do i = 1, 8
      r(i) = x(i)
    end do
    !$omp end target
  end subroutine
end module

program alias_maps
  use alias_maps_m
  implicit none
  real, target :: a(8), c(8), e(8), r(11)
  real, pointer :: p(:)
  real :: q(4), w(8)
  equivalence (q(1), w(3))
  integer :: i

  ! ASSOCIATE: the name used first, the array after (implicit maps).
  a = [(real(i), i = 1, 8)]
  associate (b => a(3:5))
    !$omp target
    b(1) = b(1) + 100.0
    a(8) = a(8) + a(1)
    !$omp end target
  end associate
  print '(a, 8f6.0)', 'A:', a

  ! A pointer into the array, mapped explicitly before it.
  c = [(real(i), i = 1, 8)]
  p => c(2:4)
  !$omp target map(tofrom: p) map(tofrom: c)
  p(1) = -1.0
  c(8) = 80.0
  !$omp end target
  print '(a, 8f6.0)', 'B:', c

  ! EQUIVALENCE: q is w(3:6).
  w = [(real(i), i = 1, 8)]
  !$omp target map(tofrom: q, w)
  q(1) = 30.0
  w(8) = 8.5
  !$omp end target
  print '(a, 8f6.1)', 'C:', w

  ! Dummies: x is e, y is e(3:5).
  e = [(real(i), i = 1, 8)]
  r = -1
  call gather(e, e(3:5), r)
  print '(a, 11f5.0)', 'D:', r

  ! Present as one copy before: the construct runs as written.
  a = [(real(i), i = 1, 8)]
  !$omp target data map(tofrom: a)
  associate (b => a(3:5))
    !$omp target
    b(2) = b(2) + 1000.0
    !$omp end target
  end associate
  !$omp end target data
  print '(a, 8f6.0)', 'E:', a
end program
