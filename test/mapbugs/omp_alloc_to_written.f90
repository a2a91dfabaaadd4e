! An allocatable mapped `to` and changed by the kernel: the host keeps its
! old values. (flang names the map entry of its data `unknown`: a checked
! run of the program ompx-flang builds names it after the variable.)
program omp_alloc_to_written
  implicit none
  integer, parameter :: n = 200
  real, allocatable :: v(:)
  integer :: i
  allocate(v(n))
  v = 1.0
  !$omp target map(to: v) ! expect-static: map-write-not-from ! expect-run: not-copied-back ! expect-name: 'v (data)'
  do i = 1, n
    v(i) = v(i) * 2.0
  end do
  !$omp end target
  if (all(v == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
  deallocate(v)
end program
