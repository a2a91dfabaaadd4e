! A small allocatable (it shares its heap page with other blocks under
! glibc) read on the host inside a target data region without an update
! from: it sees the values from before the kernel.
program omp_heap_no_update_from
  implicit none
  integer, parameter :: n = 100
  real, allocatable :: a(:)
  real :: total
  integer :: i
  allocate(a(n))
  a = 1.0
  !$omp target data map(tofrom: a)
  !$omp target teams distribute parallel do ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    a(i) = 3.0
  end do
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
