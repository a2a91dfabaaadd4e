! OpenMP 5.2 map clauses on assumed-shape dummies: a contiguous actual and a
! strided section.
module omp_assumed_mod
  implicit none
contains
  subroutine times_two(x)
    integer, intent(inout) :: x(:)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, size(x)
      x(i) = 2 * x(i)
    end do
  end subroutine times_two
end module omp_assumed_mod

program omp_assumed_shape
  use omp_assumed_mod
  implicit none
  integer, parameter :: n = 30
  integer :: a(n), i
  a = [(i, i = 1, n)]
  call times_two(a)
  call check_i('map_contiguous', sum(a), n * (n + 1))
  a = 1
  call times_two(a(1:n:3))
  call check_i('map_strided_section', sum(a), n + n / 3)
contains
  include 'check.fi'
end program omp_assumed_shape
