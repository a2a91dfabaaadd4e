! A named mapper used in a subroutine maps the coefficients to the device
! only; the kernel normalizes them in place.
program omp_mapper_named
  implicit none
  type filter
    real :: c(64)
    integer :: n
  end type
  !$omp declare mapper(coeffs : filter :: f) map(to: f%c) map(to: f%n) ! expect-static: map-write-not-from ! expect-run: not-copied-back
  type(filter) :: flt
  flt%c = 8.0
  flt%n = 64
  call normalize(flt)
  if (all(flt%c == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
contains
  subroutine normalize(f)
    type(filter), intent(inout) :: f
    integer :: i
    !$omp target map(mapper(coeffs), tofrom: f)
    do i = 1, f%n
      f%c(i) = f%c(i) / 4.0
    end do
    !$omp end target
  end subroutine
end program
