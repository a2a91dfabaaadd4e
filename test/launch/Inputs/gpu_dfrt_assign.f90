! ompx's device Fortran subset on the GPU (issue 41): allocatable assignment
! in a target region, with reallocation (an unallocated left-hand side, then
! one of another shape) and without (same shape), the results copied back to
! the host and printed there.
subroutine reassign(a, r, sizes)
  !$omp declare target
  implicit none
  real, intent(in) :: a(6)
  real, intent(out) :: r(4)
  integer, intent(out) :: sizes(3)
  real, allocatable :: b(:)
  b = a
  sizes(1) = size(b)
  b = a(2:5)
  sizes(2) = size(b)
  b = b * 2.0
  sizes(3) = size(b)
  r = b
end subroutine

program gpu_dfrt_assign
  implicit none
  interface
    subroutine reassign(a, r, sizes)
      !$omp declare target
      real, intent(in) :: a(6)
      real, intent(out) :: r(4)
      integer, intent(out) :: sizes(3)
    end subroutine
  end interface
  integer :: i
  real :: a(6), r(4)
  integer :: sizes(3)
  a = [(real(i) * 1.5, i = 1, 6)]
  !$omp target map(to: a) map(from: r, sizes)
  call reassign(a, r, sizes)
  !$omp end target
  print *, sizes
  print *, r
end program
