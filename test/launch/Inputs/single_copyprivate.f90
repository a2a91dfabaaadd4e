! single with copyprivate in device code: one thread runs the block, then
! its private value reaches every thread of the team.
module cp_mod
  implicit none
contains
  subroutine broadcast(out)
    !$omp declare target
    integer, intent(out) :: out
    integer :: v
    !$omp parallel private(v) num_threads(2)
    v = -1
    !$omp single
    v = 7
    !$omp end single copyprivate(v)
    !$omp atomic
    out = out + v
    !$omp end parallel
  end subroutine broadcast
end module cp_mod

program single_copyprivate
  use cp_mod
  implicit none
  integer :: r, total, seen
  r = -1
  total = 0
  seen = 0
  !$omp target map(tofrom: r, total, seen)
  block
    integer :: v
    real(8) :: w
    !$omp parallel private(v, w) num_threads(2)
    !$omp single
    r = 44
    v = 5
    w = 2.5d0
    !$omp end single copyprivate(v, w)
    !$omp atomic
    total = total + v
    if (w == 2.5d0) then
      !$omp atomic
      seen = seen + 1
    end if
    !$omp end parallel
  end block
  !$omp end target
  print '(a,i0,a,l1)', 'single ran: r = ', r, ', every thread got v: ', &
    total == 5 * seen .and. seen >= 1
  r = 0
  !$omp target map(tofrom: r)
  call broadcast(r)
  !$omp end target
  print '(a,l1)', 'declare target procedure: ', r >= 7 .and. mod(r, 7) == 0
end program single_copyprivate
