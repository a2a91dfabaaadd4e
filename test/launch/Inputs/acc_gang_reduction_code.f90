! Gang-redundant code before a gang loop, with num_gangs and a reduction
! on the construct: code that leaves the reduction variable alone is
! lowered (acc_gang_reduction_update.f90 updates it first: refused).
program acc_gang_reduction_code
  implicit none
  integer, parameter :: n = 100
  integer :: s, i, t
  s = 1000
  t = 0
  !$acc parallel num_gangs(4) reduction(+:s) copy(t)
  t = 1
  !$acc loop gang
  do i = 1, n
    s = s + i
  end do
  !$acc end parallel
  print *, 'sum', s
end program
