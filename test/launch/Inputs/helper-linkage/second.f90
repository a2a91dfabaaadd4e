subroutine scale(a, b, n)
  use shapes
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  type(base) :: t
  class(base), allocatable :: p
  integer :: i
  !$omp target
  do i = 1, n
    a(i) = a(i) * b(i)
  end do
  !$omp end target
  allocate(p, source=t)
  call bump(p)
  call bump2(p)
  print '(a, i0)', 'bumped: ', p%v
contains
  subroutine bump2(q)
    class(base), intent(inout) :: q
    !$omp target map(tofrom: q)
    q%v = q%v + 1
    !$omp end target
  end subroutine
end subroutine

program helper_linkage
  implicit none
  real :: x(4) = [1, 2, 3, 4], y(4) = 2
  call add(x, y, 4)
  call scale(x, y, 4)
  print '(a, 4f5.1)', 'x: ', x
end program
