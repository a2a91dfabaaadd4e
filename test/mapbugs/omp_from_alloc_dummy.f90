! An allocatable updated in place in a subroutine; map(from:) loses the
! values it had before.
program omp_from_alloc_dummy
  implicit none
  real, allocatable :: x(:)
  allocate(x(100000))
  x = 4.0
  call step(x, size(x))
  if (all(x == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
contains
  subroutine step(x, n)
    integer, intent(in) :: n
    real, intent(inout) :: x(n)
    integer :: i
    !$omp target teams distribute parallel do map(from: x) ! expect-static: map-read-before-write ! expect-run: uninitialized-read
    do i = 1, n
      x(i) = x(i) * 0.5 + 1.0
    end do
  end subroutine
end program
