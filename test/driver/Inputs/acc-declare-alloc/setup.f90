! Allocates the module's array in another file than its module's.
subroutine setup(n)
  use field
  implicit none
  integer, intent(in) :: n
  integer :: i
  allocate(f(n))
  f = 2.0
  !$acc update device(f)
  !$acc parallel loop present(f)
  do i = 1, n
    f(i) = f(i) * real(i)
  end do
  !$acc update self(f)
end subroutine
