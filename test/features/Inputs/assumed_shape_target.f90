! An assumed-shape dummy mapped into a target region: flang-22's printed
! HLFIR gives the map operand type !fir.ref<...> to a box block argument.
subroutine scale(a)
  real :: a(:)
  integer :: i
  !$omp target
  do i = 1, size(a)
    a(i) = a(i) * 2.0
  end do
  !$omp end target
end subroutine scale
