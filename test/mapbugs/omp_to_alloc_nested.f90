! An allocatable kept on the device by a target data region that only
! copies it in; the kernel inside writes it and nothing copies it back.
program omp_to_alloc_nested
  implicit none
  real, allocatable :: u(:)
  integer :: i, n
  n = 400
  allocate(u(n))
  u = 0.0
  !$omp target data map(to: u) ! expect-static: map-write-not-from ! expect-run: not-copied-back
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = real(i)
  end do
  !$omp end target data
  if (u(n) == real(n) .and. u(1) == 1.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
