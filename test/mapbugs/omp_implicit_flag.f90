! A logical flag set by a kernel in a subroutine without a map: the host's
! copy keeps its old value.
program omp_implicit_flag
  implicit none
  real :: v(64)
  logical :: neg
  v = 1.0
  v(10) = -1.0
  call find_negative(v, neg)
  if (neg) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
contains
  subroutine find_negative(x, found)
    real, intent(in) :: x(:)
    logical, intent(out) :: found
    integer :: i
    found = .false.
    !$omp target map(to: x) ! expect-static: implicit-scalar-write ! expect-run: firstprivate-write
    do i = 1, size(x)
      if (x(i) < 0.0) found = .true.
    end do
    !$omp end target
  end subroutine
end program
