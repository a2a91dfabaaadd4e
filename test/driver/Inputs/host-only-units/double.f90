! A library that offloads: `a` enters the device and is doubled there.
subroutine double_on_device(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  integer :: i
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 2 * a(i)
  end do
end subroutine

subroutine leave_device(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  !$omp target exit data map(from: a)
end subroutine
