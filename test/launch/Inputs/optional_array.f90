! An optional explicit-shape array a target region uses without a map
! clause, only where present(w) holds: called without it and with it.
module optional_weights
  implicit none
contains
  subroutine axpy_w(n, y, w)
    integer, intent(in) :: n
    real(8), intent(inout) :: y(n)
    real(8), intent(in), optional :: w(n)
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      if (present(w)) then
        y(i) = y(i) + w(i)
      else
        y(i) = y(i) - 1
      end if
    end do
  end subroutine
end module

program optional_array
  use optional_weights
  implicit none
  real(8) :: y(8), w(8)
  w = 0.5d0
  y = 1
  call axpy_w(8, y)
  print '(a,f5.2)', 'absent: ', y(1)
  call axpy_w(8, y, w)
  print '(a,f5.2)', 'present: ', y(8)
end program
