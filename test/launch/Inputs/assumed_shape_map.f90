! An assumed-shape dummy in a map clause: flang-22 prints its map_entries
! entry with the operand's type, not the block argument's.
module assumed_shape_map_m
contains
  subroutine bump(a)
    real :: a(:)
    integer :: i
    !$omp target map(tofrom: a)
    do i = 1, size(a)
      a(i) = a(i) + i
    end do
    !$omp end target
  end subroutine
end module

program assumed_shape_map
  use assumed_shape_map_m
  implicit none
  real :: x(8)
  x = 1
  call bump(x)
  call bump(x(3:6))
  print '(a,8f5.1)', 'x =', x
  if (sum(x) /= 54) error stop 'assumed_shape_map: FAILED'
  print '(a)', 'assumed_shape_map: PASSED'
end
