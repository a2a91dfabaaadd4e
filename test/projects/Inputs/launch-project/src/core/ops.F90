! The kernels. FAST is the library's own definition (CMake's PRIVATE).
module ops
  use grid
  implicit none
  interface
    module subroutine report(steps)
      integer, intent(in) :: steps
    end subroutine report
  end interface
contains
  subroutine relax(steps)
    integer, intent(in) :: steps
    integer :: s, i
    do s = 1, steps
      !$omp target teams distribute parallel do
      do i = 1, nx
#ifdef FAST
        u(i) = u(i) + 0.5d0 * f(i)
#else
        u(i) = u(i) + 0.25d0 * f(i)
#endif
      end do
    end do
  end subroutine relax
end module ops
