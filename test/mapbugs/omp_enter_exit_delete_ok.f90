! An allocatable entered once, relaxed by a kernel in a loop, deleted
! at the end without copying it back.
program omp_enter_exit_delete
  implicit none
  real, allocatable :: f(:)
  integer :: i, it
  allocate(f(600))
  f = 8.0
  !$omp target enter data map(to: f)
  do it = 1, 2
    !$omp target teams distribute parallel do map(tofrom: f)
    do i = 1, size(f)
      f(i) = 0.5 * f(i)
    end do
  end do
  !$omp target exit data map(from: f)
  if (all(f == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
