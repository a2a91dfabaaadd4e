submodule (field) field_impl
  implicit none
contains
  module subroutine scale_add(a, b, n)
    integer, intent(in) :: n
    real(rk), intent(inout) :: a(n)
    real(rk), intent(in) :: b(n)
    integer :: i
    real(rk) :: s
    s = fscale
    !$omp target teams distribute parallel do map(tofrom: a) map(to: b)
    do i = 1, n
      a(i) = s * a(i) + b(i)
    end do
  end subroutine scale_add
  module procedure total
    integer :: i
    s = 0.0_rk
    !$omp target teams distribute parallel do reduction(+: s) map(to: a)
    do i = 1, n
      s = s + a(i)
    end do
  end procedure total
end submodule field_impl
