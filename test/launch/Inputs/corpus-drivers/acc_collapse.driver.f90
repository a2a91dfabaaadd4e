! Driver for corpus/flang/acc/acc_collapse: c2 sets b = 2*a in a collapsed
! parallel loop (copyout) and adds a again in a kernels loop (copy), so the
! host b read after c2 returns must be 3*a.
program main
  implicit none
  integer, parameter :: n = 7, m = 5
  real :: a(n, m), b(n, m)
  integer :: i, j

  do j = 1, m
    do i = 1, n
      a(i, j) = real(i + 10 * j)
    end do
  end do
  b = -1.0
  call label('a', loc(a), 4 * n * m)
  call label('b', loc(b), 4 * n * m)
  call c2(n, m, a, b)
  call check('c2', count(b /= 3.0 * a))
contains
  include 'check.fi'
  include 'names.fi'
end program main
