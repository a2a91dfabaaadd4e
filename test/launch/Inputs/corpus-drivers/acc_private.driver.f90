! Driver for corpus/flang/acc/acc_private: priv adds sum(b*j, j=1..8) to
! every a(i) (parallel copy(a), gang-private t and work, firstprivate b);
! its serial region writes only private copies, so a is the whole result.
program main
  implicit none
  integer, parameter :: n = 9
  real :: a(n), ref(n), b, work(8), t
  integer :: i, j

  a = [(real(i), i = 1, n)]
  b = 0.5
  do j = 1, 8
    work(j) = b * j
  end do
  t = sum(work)
  ref = a + t
  call label('a', loc(a), 4 * n)
  call label('b', loc(b), 4)
  call priv(n, a, b)
  call check('priv a', count(a /= ref))
  call check('priv b', merge(0, 1, b == 0.5))
contains
  include 'check.fi'
  include 'names.fi'
end program main
