module heat_kernels
  use heat_params
  implicit none
contains
  subroutine step(t, tn)
    real(8), intent(in) :: t(0:nx+1)
    real(8), intent(out) :: tn(0:nx+1)
    integer :: i
    !$omp target teams distribute parallel do map(to: t) map(tofrom: tn)
    do i = 1, nx
      tn(i) = t(i) + coef * (t(i-1) - 2d0*t(i) + t(i+1))
    end do
  end subroutine step
end module heat_kernels
