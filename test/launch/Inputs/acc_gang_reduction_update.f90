! Gang-redundant code that updates the construct's reduction variable
! before a gang loop, with num_gangs: refused at the update (LLVM 22's
! verifier rejected the loop's host-evaluated bounds, no program).
program acc_gang_reduction_update
  implicit none
  integer, parameter :: n = 100
  integer :: s, i
  s = 1000
  !$acc parallel num_gangs(4) reduction(+:s)
  s = s + 1
  !$acc loop gang
  do i = 1, n
    s = s + i
  end do
  !$acc end parallel
  print *, 'sum', s
end program
