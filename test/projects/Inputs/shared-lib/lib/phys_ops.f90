module phys_ops
  use phys_consts
  implicit none
contains
  real(8) function damp(x)
    !$omp declare target
    real(8), intent(in) :: x
    damp = x * gain / (1d0 + abs(x))
  end function damp
  subroutine evolve(a, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n)
    integer :: i, k
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      do k = 1, nsteps
        a(i) = a(i) + damp(a(i))
      end do
    end do
  end subroutine evolve
  subroutine accumulate(a, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    integer :: i
    real(8) :: s
    s = 0d0
    !$omp target teams distribute parallel do reduction(+:s) map(to: a)
    do i = 1, n
      s = s + a(i)
    end do
    !$omp target
    acc_total = acc_total + s
    !$omp end target
  end subroutine accumulate
end module phys_ops
