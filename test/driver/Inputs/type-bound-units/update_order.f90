! A binding for the host alone, holding a target region, sorts before two
! for the device.
module counters
  implicit none
  type :: counter
    real(8) :: v = 1d0
  contains
    procedure :: a_report          ! for the host alone
    procedure :: b_offset
    procedure :: c_scaled
  end type
contains
  ! For the host alone, holding a target region of its own.
  subroutine a_report(self)
    class(counter), intent(in) :: self
    real(8) :: w
    !$omp target map(from: w)
    w = self%v
    !$omp end target
    print *, 'counter reads', w
  end subroutine
  real(8) function b_offset(self)
    !$omp declare target
    class(counter), intent(in) :: self
    b_offset = self%v + 100d0
  end function
  real(8) function c_scaled(self)
    !$omp declare target
    class(counter), intent(in) :: self
    c_scaled = self%v * 10d0
  end function
  ! Dispatches on the dynamic type.
  real(8) function scaled_of(g)
    !$omp declare target
    class(counter), intent(in) :: g
    scaled_of = g%c_scaled()
  end function
end module
program update_order
  use counters
  implicit none
  real(8) :: r
  !$omp target map(from: r)
  block
    type(counter) :: g
    g%v = 4d0
    r = scaled_of(g)
  end block
  !$omp end target
  print '(a, f6.1)', 'scaled on the device:', r
end program
