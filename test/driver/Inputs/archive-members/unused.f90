! In the library, called by nobody: its kernel calls a procedure no file
! of this program defines.
subroutine never_linked(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  interface
    subroutine helper(x)
      real(8), intent(inout) :: x
      !$omp declare target
    end subroutine
  end interface
  integer :: i
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    call helper(a(i))
  end do
end subroutine
