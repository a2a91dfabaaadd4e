! Driver for acc-extra/acc_firstprivate: each kernel's results from the
! host values of its firstprivates, which it must not change.
program main
  implicit none
  integer, parameter :: n = 200
  real :: x(n), w(4), t
  real(10) :: e
  complex(8) :: c
  integer :: i, bad, k
  real :: s
  logical :: flag
  w = [1.0, 2.0, 3.0, 4.0]
  e = 0.5_10
  c = (100.0_8, -1.0_8)
  x = 0.0
  call fp_loop(n, x, w, e, c)
  bad = count([(x(i) /= real(i) + 9.0 + 100.0, i = 1, n)])
  call check('loop firstprivate', bad)
  call check('host copies kept', merge(0, 1, all(w == [1.0, 2.0, 3.0, 4.0]) &
             .and. e == 0.5_10 .and. c == (100.0_8, -1.0_8)))
  x = 0.0
  call fp_gang(n, x, w)
  bad = count([(x(i) /= 2.0 * real(i) + 4.0, i = 1, n)])
  call check('gang loop firstprivate', bad + merge(0, 1, w(2) == 2.0))
  x = 1.0
  t = 0.0
  call fp_redundant(n, x, w, t)
  bad = count(x /= 31.0) + merge(0, 1, t == 30.0) + merge(0, 1, w(3) == 3.0)
  call check('gang copy', bad)
  t = 0.0
  call fp_serial(w, t)
  call check('serial firstprivate', merge(0, 1, t == 10.0 .and. w(4) == 4.0))
  do i = 1, 2
    flag = i == 1
    x = 0.0
    w = [1.0, 2.0, 3.0, 4.0]
    k = 7
    call fp_if(n, x, w, k, flag)
    bad = count([(x(i) /= real(i) + 4.0, i = 1, n)]) + &
          merge(0, 1, w(1) == 1.0 .and. k == 7)
    call check(merge('if(.true.) firstprivate ', 'if(.false.) firstprivate', &
                     flag), bad)
  end do
  w = [1.0, 2.0, 3.0, 4.0]
  s = 1.0
  call fp_present(n, x, w, s)
  call check('present firstprivate starts from the host', count(x /= 110.0))
  x = 1.0
  t = 0.0
  w = [1.0, 2.0, 3.0, 4.0]
  call fp_gangs(n, x, w, t)
  call check('firstprivate before a gang loop with num_gangs', &
             count(x /= 3.0) + merge(0, 1, t == 1.0))
contains
  include '../corpus-drivers/check.fi'
end program main
