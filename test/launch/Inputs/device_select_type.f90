! SELECT TYPE on a derived type in a target region: every selector took
! class default on host-offload (3 for 1 and 2).
module shapes
  type :: base
    integer :: v = 0
  end type
  type, extends(base) :: child
    integer :: w = 0
  end type
contains
  subroutine which(b, r)
    class(base), intent(in) :: b
    integer, intent(out) :: r
    !$omp target map(to: b) map(from: r)
    select type (b)
    type is (base)
      r = 1
    type is (child)
      r = 2
    class default
      r = 3
    end select
    !$omp end target
  end subroutine
end module

program device_select_type
  use shapes
  type(base) :: x
  type(child) :: y
  integer :: r1, r2
  call which(x, r1)
  call which(y, r2)
  print *, r1, r2
end program
