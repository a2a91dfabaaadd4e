! OpenACC: a CLASS(base) allocatable of an extended type.
module accshapes
  implicit none
  type :: base
    integer :: v = 0
  end type
  type, extends(base) :: child
    integer :: w = 0
  end type
end module

program poly_acc
  use accshapes
  implicit none
  class(base), allocatable :: p(:)
  integer :: i
  allocate(child :: p(4))
  do i = 1, 4
    p(i)%v = i
  end do
  !$acc parallel loop copy(p)
  do i = 1, 4
    p(i)%v = p(i)%v + 10 * i
  end do
  print '(a, 4i3)', 'v 11 22 33 44:', p%v
end program
