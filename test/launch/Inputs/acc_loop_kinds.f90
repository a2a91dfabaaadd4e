! OpenACC loops whose DO variable's kind differs from their bounds' kind
! (integer(8) variables over default-integer bounds, and the reverse).
program acc_loop_kinds
  implicit none
  integer(8) :: k, j, s, t
  integer :: n, m, i
  integer :: a(4, 3)
  n = 10; m = 3
  s = 0
  !$acc parallel loop reduction(+:s)
  do k = 1, n
    s = s + k
  end do
  print '(a,i0)', 'sum: ', s
  a = 0
  !$acc parallel loop collapse(2) copy(a)
  do j = 1, m
    do k = 1, 4
      a(k, j) = int(k + 10 * j)
    end do
  end do
  print '(a,i0)', 'collapse: ', sum(a)
  t = 0
  !$acc parallel loop reduction(+:t)
  do k = n, 1, -2
    t = t + k
  end do
  print '(a,i0)', 'negative step: ', t
  s = 0
  !$acc serial copy(s)
  !$acc loop seq
  do i = 1_8, 5_8
    s = s + i
  end do
  !$acc end serial
  print '(a,i0)', 'seq: ', s
end program
