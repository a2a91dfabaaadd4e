! declare target link record, one component mapped from / always tofrom:
! the others keep the host's values.
module dtlink_component_mod
  implicit none
  type plain_t
    integer :: n = 4
    real(8) :: w(2) = 1
  end type plain_t
  type(plain_t) :: lp
  !$omp declare target link(lp)
end module
program declare_target_link_component
  use dtlink_component_mod
  implicit none
  integer :: bad
  real(8) :: x
  bad = 0
  lp%w = 2
  !$omp target map(from: lp%n)
  lp%n = 5
  !$omp end target
  if (lp%n /= 5) bad = bad + 1
  if (any(lp%w /= 2)) bad = bad + 2
  !$omp target enter data map(to: lp)
  !$omp target
  lp%w = -1
  !$omp end target
  lp%n = 7
  !$omp target map(always, tofrom: lp%n)
  lp%n = lp%n + 1
  !$omp end target
  if (lp%n /= 8) bad = bad + 4
  if (any(lp%w /= 2)) bad = bad + 8
  x = 0
  !$omp target map(from: x)
  x = lp%w(1)
  !$omp end target
  if (x /= -1) bad = bad + 16
  if (bad == 0) then
    print *, 'PASS link component'
  else
    print *, 'FAIL link component', bad, lp%n, lp%w
  end if
end program
