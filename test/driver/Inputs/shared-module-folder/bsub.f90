! Program B (its own files, in the same module folder): a common block of
! the same name, not declared target anywhere in B, mapped explicitly.
subroutine twice()
  implicit none
  real :: x(4)
  common /pool/ x
  integer :: i
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, 4
    x(i) = 2 * x(i)
  end do
end subroutine twice
