! An assumed-shape dummy scaled in a subroutine, mapped to the device only.
program omp_to_dummy_written
  implicit none
  real :: v(300)
  v = 3.0
  call scale(v, 2.0)
  if (all(v == 6.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
contains
  subroutine scale(x, f)
    real, intent(inout) :: x(:)
    real, intent(in) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, size(x)
      x(i) = f * x(i)
    end do
  end subroutine
end program
