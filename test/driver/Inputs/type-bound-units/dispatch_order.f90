! A binding for the host alone sorts before two for the device.
module gauges
  implicit none
  type :: gauge
    real(8) :: v = 1d0
  contains
    procedure :: a_report          ! for the host alone
    procedure :: b_offset
    procedure :: c_scaled
  end type
contains
  subroutine a_report(self)
    class(gauge), intent(in) :: self
    print *, 'gauge reads', self%v
  end subroutine
  real(8) function b_offset(self)
    !$omp declare target
    class(gauge), intent(in) :: self
    b_offset = self%v + 100d0
  end function
  real(8) function c_scaled(self)
    !$omp declare target
    class(gauge), intent(in) :: self
    c_scaled = self%v * 10d0
  end function
  ! Dispatches on the dynamic type.
  real(8) function scaled_of(g)
    !$omp declare target
    class(gauge), intent(in) :: g
    scaled_of = g%c_scaled()
  end function
end module
program dispatch_order
  use gauges
  implicit none
  real(8) :: r
  !$omp target map(from: r)
  block
    type(gauge) :: g
    g%v = 4d0
    r = scaled_of(g)
  end block
  !$omp end target
  print '(a, f6.1)', 'scaled on the device:', r
end program
