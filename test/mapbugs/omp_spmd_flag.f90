! A logical flag set in an SPMD loop (`target teams distribute parallel
! do`, whose bounds reach the kernel through host_eval) without a map: it
! is firstprivate, so the host's copy keeps its old value.
program omp_spmd_flag
  implicit none
  integer, parameter :: n = 1000
  real :: a(n)
  logical :: neg
  integer :: i
  do i = 1, n
    a(i) = real(i) - 500.5
  end do
  neg = .false.
  !$omp target teams distribute parallel do map(to: a) ! expect-static: implicit-scalar-write ! expect-run: firstprivate-write
  do i = 1, n
    if (a(i) < 0.0) neg = .true.
  end do
  if (neg) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
