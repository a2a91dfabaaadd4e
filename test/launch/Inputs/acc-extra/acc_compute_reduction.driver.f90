! Driver for acc-extra/acc_compute_reduction: s = 100 + 1 + sum(a) (one
! gang), t = max(-1, maxval(a)); the constructs that are one loop against
! the same sums and maximum over 1000 values.
program main
  implicit none
  real :: a(10), s, t, b(1000), s1, s2, s3, m
  integer :: i, g, is, it
  a = [(real(i), i = 1, 10)]
  s = 100.0
  t = -1.0
  call compute_reduction(10, a, s, t)
  call check('parallel reduction', merge(0, 1, s == 156.0))
  call check('serial reduction', merge(0, 1, t == 10.0))
  b = [(real(mod(i * 7, 1000)), i = 1, 1000)]
  s1 = 5.0
  s2 = -5.0
  s3 = -1.0e30
  call loop_only_reduction(1000, b, s1, s2, s3)
  call check('parallel reduction, gang loop', merge(0, 1, s1 == 5.0 + sum(b)))
  call check('parallel reduction, loop reduction', &
             merge(0, 1, s2 == -5.0 + 2.0 * sum(b)))
  call check('parallel reduction, gang vector loop', &
             merge(0, 1, s3 == maxval(b) - 100.0))
  ! Each gang adds 1 + sum(b): a whole number of gangs, 1 to 4 (the host
  ! runs one; LLVM may launch fewer teams than num_gangs).
  s = 7.0
  m = -1.0e30
  call gangs_reduction(1000, b, s, m)
  g = nint((s - 7.0) / (1.0 + sum(b)))
  call check('num_gangs reduction, gang copies', merge(0, 1, g >= 1 .and. &
             g <= 4 .and. s == 7.0 + real(g) * (1.0 + sum(b))))
  call check('num_gangs reduction, max', merge(0, 1, m == maxval(b)))
  is = 5
  it = 0
  call gang_after(100, is, it)
  call check('num_gangs reduction, gang loop', &
             merge(0, 1, is == 5 + 5050 .and. it == 1))
contains
  include '../corpus-drivers/check.fi'
end program main
