! A module array only device procedures touch (a kernel's own scratch
! space): nothing maps it, so its device copy is the only one, and it is
! right.
module scratch_m
  implicit none
  real :: work(8)
contains
  subroutine fill(k)
    !$omp declare target
    integer, intent(in) :: k
    work(k) = real(k)
  end subroutine
  real function total()
    !$omp declare target
    total = sum(work)
  end function
end module
program scratch
  use scratch_m
  implicit none
  real :: t
  integer :: k
  t = 0
  !$omp target map(tofrom: t)
  do k = 1, 8
    call fill(k)
  end do
  t = total()
  !$omp end target
  print '(a,f5.1)', 'total ', t
end program
