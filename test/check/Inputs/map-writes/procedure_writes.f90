! A module variable the target region writes only through a procedure it
! calls (a link one reaches the device only through the map): its `from`
! is needed. `idle` is mapped `from` by a region that calls nothing.
module tallies
  implicit none
  integer :: hits, idle
  !$omp declare target link(hits)
contains
  subroutine bump()
    !$omp declare target
    hits = hits + 1
  end subroutine
end module

program procedure_writes
  use tallies
  implicit none
  integer :: i
  hits = 0
  idle = 3
  !$omp target map(tofrom: hits)
  do i = 1, 10
    call bump()
  end do
  !$omp end target
  !$omp target map(from: idle)
  i = 1
  !$omp end target
  print *, hits, idle
end program
