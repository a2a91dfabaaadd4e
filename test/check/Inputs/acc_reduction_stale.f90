! An OpenACC reduction into a variable a data region keeps on the device:
! the host reads `total` before the region copies it back (stale), and
! `count` after an `update self` (right).
program acc_reduction_stale
  implicit none
  integer :: total, count, i
  total = 0
  count = 0
  !$acc data copy(total, count)
  !$acc parallel loop reduction(+:total, count)
  do i = 1, 100
    total = total + i
    count = count + 1
  end do
  !$acc update self(count)
  print *, 'count', count
  print *, 'total', total
  !$acc end data
  print *, total, count
end program
