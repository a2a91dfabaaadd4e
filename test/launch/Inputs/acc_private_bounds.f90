! OpenACC private copies of fixed-size arrays whose lower bound is not 1
! (a lattice's distribution fl(0:8), a stencil's w(-1:1)): flang-22's
! recipe yields its heap copy where its type says a box, and the region's
! uses of the copy did not verify.
program acc_private_bounds
  implicit none
  integer, parameter :: n = 16
  real(8) :: a(n), b(n), fl(0:8), w(-1:1)
  integer :: i, q
  a = 0
  b = 0
  !$acc parallel loop private(fl) copy(a)
  do i = 1, n
    do q = 0, 8
      fl(q) = i + q
    end do
    a(i) = sum(fl)
  end do
  !$acc parallel copy(b)
  !$acc loop gang private(w)
  do i = 1, n
    w(-1) = i
    w(0) = 2 * i
    w(1) = 3 * i
    b(i) = w(-1) + w(0) + w(1)
  end do
  !$acc end parallel
  print '(a,2f7.1,a,2f7.1)', 'a ', a(1), a(n), '  b ', b(1), b(n)
end program
