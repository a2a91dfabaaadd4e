! Sections of a declare target array in target update and enter data:
! each copies the elements it names, not the array's first ones.
module dts
  implicit none
  real :: gm(8)
  !$omp declare target(gm)
end module dts

program declare_target_sections
  use dts
  implicit none
  integer :: i
  gm = 3
  !$omp target update to(gm)
  !$omp target
  do i = 1, 8
    gm(i) = gm(i) + i
  end do
  !$omp end target
  gm(1) = -7
  !$omp target update from(gm(2:8))
  print '(a,8f5.0)', 'update from(gm(2:8)): ', gm
  gm(3) = 100
  !$omp target update to(gm(3:3))
  !$omp target
  gm(1) = gm(3) + gm(2)
  !$omp end target
  !$omp target update from(gm(1:1))
  print '(a,f5.0)', 'gm(1) after update to(gm(3:3)): ', gm(1)
  gm(5:6) = [50, 60]
  !$omp target enter data map(always, to: gm(5:6))
  gm = 0
  !$omp target update from(gm)
  print '(a,8f5.0)', 'enter data always to(gm(5:6)): ', gm
end program declare_target_sections
