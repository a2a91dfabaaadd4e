! A scalar a target region uses without a map is firstprivate: the region
! writes its own copy and the host's variable keeps its value, on a device
! and on the host (a host build, --device=host, and the host fallback of
! any build: if(target: .false.)).
program host_target_firstprivate
  implicit none
  integer :: x, y, n, i, a(8), b
  real(8) :: s
  logical :: dev
  x = 1; y = 1; n = 8; s = 0; dev = .false.
  ! x read (firstprivate); s reduced on the combined construct (tofrom);
  ! n read as a bound.
  !$omp target teams distribute parallel do reduction(+:s) map(from: a)
  do i = 1, n
    a(i) = x + i
    s = s + i
  end do
  !$omp target map(tofrom: a)
  x = x + 41
  a(1) = x
  !$omp end target
  !$omp target if(target: dev) map(from: b)
  y = y + 41
  b = y
  !$omp end target
  print '(a,i0,a,i0,a,i0,a,f0.1,a,8i3)', 'x=', x, ' y=', y, ' b=', b, &
    ' s=', s, ' a=', a
end program
