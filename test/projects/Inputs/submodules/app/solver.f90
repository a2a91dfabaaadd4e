module solver
  use field
  implicit none
contains
  subroutine run(n, res)
    integer, intent(in) :: n
    real(rk), intent(out) :: res
    real(rk), allocatable :: a(:), b(:)
    integer :: i, it
    allocate(a(n), b(n))
    do i = 1, n
      a(i) = real(i, rk)
      b(i) = real(mod(i, 7), rk)
    end do
    do it = 1, 3
      call scale_add(a, b, n)
    end do
    res = total(a, n)
  end subroutine run
end module solver
