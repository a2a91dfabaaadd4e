! Allocates the module's array again in a file with no OpenACC directive:
! the allocate alone must make the new device copy.
subroutine grow(n)
  use field
  implicit none
  integer, intent(in) :: n
  integer :: i
  deallocate(f)
  allocate(f(n))
  do i = 1, n
    f(i) = real(i)
  end do
end subroutine
