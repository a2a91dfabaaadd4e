! Correct: a declare target table updated both ways.
module c05m
  implicit none
  real :: tab(8)
  !$omp declare target(tab)
end module
program c05
  use c05m
  implicit none
  integer :: i
  tab = 1.0
  !$omp target update to(tab)
  !$omp target
  do i = 1, 8
    tab(i) = tab(i) * real(i)
  end do
  !$omp end target
  !$omp target update from(tab)
  print *, merge('OK   ', 'WRONG', tab(8) == 8.0 .and. tab(1) == 1.0)
end program
