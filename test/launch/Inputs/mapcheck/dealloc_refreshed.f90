! dealloc_steps.f90's cause put right by `update to` after the new
! allocation; later the host changes w and forgets the update: the finding
! names the missing update, not the deallocate.
program dealloc_refreshed
  implicit none
  integer, parameter :: n = 1000
  real, allocatable :: w(:)
  real :: y(n)
  integer :: i
  allocate(w(n))
  w = 1
  !$omp target enter data map(to: w)
  deallocate(w)
  allocate(w(n))
  w = 2
  !$omp target enter data map(to: w)
  !$omp target update to(w)
  !$omp target teams distribute parallel do map(from: y)
  do i = 1, n
    y(i) = w(i)
  end do
  w = 3
  !$omp target teams distribute parallel do map(tofrom: y)
  do i = 1, n
    y(i) = y(i) + w(i)
  end do
  print '(a,f5.1)', 'y(1) = ', y(1)
end program
