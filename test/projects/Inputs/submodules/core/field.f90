module field
  use kinds
  implicit none
  real(rk) :: fscale = 2.0_rk
  interface
    module subroutine scale_add(a, b, n)
      integer, intent(in) :: n
      real(rk), intent(inout) :: a(n)
      real(rk), intent(in) :: b(n)
    end subroutine scale_add
    module function total(a, n) result(s)
      integer, intent(in) :: n
      real(rk), intent(in) :: a(n)
      real(rk) :: s
    end function total
  end interface
end module field
