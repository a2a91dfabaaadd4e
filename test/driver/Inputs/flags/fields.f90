module fields
  implicit none
  integer, parameter :: n = 64
contains
  subroutine fill(a)
    real, intent(out) :: a(n)
    integer :: i
    !$omp target teams distribute parallel do map(from: a)
    do i = 1, n
      a(i) = real(i)
    end do
  end subroutine
end module
