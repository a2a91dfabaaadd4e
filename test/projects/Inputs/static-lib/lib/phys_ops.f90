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
end module phys_ops
