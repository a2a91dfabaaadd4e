! Maps of a declare target link array: whole, and a section from its first
! element, run (the test makes a copy with lk(2:4), which is refused).
module dtl
  implicit none
  real(8) :: lk(6)
  !$omp declare target link(lk)
end module dtl

program declare_target_link_section
  use dtl
  implicit none
  integer :: i
  lk = [(dble(i), i = 1, 6)]
  !$omp target map(tofrom: lk)
  lk(6) = lk(6) * 10
  !$omp end target
  !$omp target map(tofrom: lk(1:3))
  do i = 1, 3
    lk(i) = lk(i) * 10
  end do
  !$omp end target
  print '(a,6f5.0)', 'lk: ', lk
end program declare_target_link_section
