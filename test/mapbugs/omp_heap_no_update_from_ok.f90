! A small allocatable (it shares its heap page with other blocks under
! glibc) read on the host inside a target data region after an update
! from: it sees the kernel's values.
program omp_heap_no_update_from
  implicit none
  integer, parameter :: n = 100
  real, allocatable :: a(:)
  real :: total
  integer :: i
  allocate(a(n))
  a = 1.0
  !$omp target data map(tofrom: a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 3.0
  end do
  !$omp target update from(a)
  total = sum(a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp end target data
  if (total == 300.0 .and. all(a == 4.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
  deallocate(a)
end program
