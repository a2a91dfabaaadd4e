! Driver for corpus/flang/omp/omp_map_pointer: pointer_map prints
! storage(n) = n * 0.5 itself; scalar_pointer_map increments its target.
program main
  implicit none
  interface
    subroutine scalar_pointer_map(x)
      integer, pointer :: x
    end subroutine
  end interface
  integer, target :: t
  integer, pointer :: p

  call pointer_map(8)
  t = 41
  p => t
  call scalar_pointer_map(p)
  call check('scalar_pointer_map', merge(0, 1, t == 42))
contains
  include 'check.fi'
end program main
