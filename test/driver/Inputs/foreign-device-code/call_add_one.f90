program call_add_one
  implicit none
  interface
    subroutine add_one(x)
      !$omp declare target
      real(8), intent(inout) :: x
    end subroutine
  end interface
  real(8) :: x
  x = 1d0
  !$omp target map(tofrom: x)
  call add_one(x)
  !$omp end target
  print *, x
end program
