module scaling
contains
  subroutine scale(a, f)
    real(8), intent(inout) :: a(:)
    real(8), intent(in) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, size(a)
      a(i) = f * a(i)
    end do
  end subroutine
end module
