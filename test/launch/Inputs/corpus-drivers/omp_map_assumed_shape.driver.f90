! Driver for corpus/flang/omp/omp_map_assumed_shape (the generic-form
! files: flang-22's pretty-printed form does not re-parse).
program main
  implicit none
  interface
    subroutine assumed_shape_whole(x)
      real, intent(inout) :: x(:)
    end subroutine
    subroutine assumed_shape_section(x)
      real, intent(inout) :: x(:)
    end subroutine
  end interface
  integer, parameter :: n = 50
  real :: x(n)
  integer :: i

  x = [(real(i), i = 1, n)]
  call assumed_shape_whole(x)
  call check('assumed_shape_whole', count(x /= [(2.0 * i, i = 1, n)]))
  x = [(real(i), i = 1, n)]
  call assumed_shape_section(x)
  call check('assumed_shape_section', &
             count(x(2:n-1) /= [(real(i) + 1.0, i = 2, n - 1)]) + &
             count([x(1), x(n)] /= [1.0, real(n)]))
contains
  include 'check.fi'
end program main
