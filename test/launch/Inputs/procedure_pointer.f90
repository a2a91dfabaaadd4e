! A procedure pointer called in a target region: the device would call the
! host's procedure (host-offload ran the host's copy with the host's data:
! gain 1 where the device's is 10).
module kernels_pp
  implicit none
  real :: gain = 1.0
  !$omp declare target(gain)
  abstract interface
    real function unary(x)
      real, intent(in) :: x
    end function
  end interface
contains
  real function square(x)
    !$omp declare target
    real, intent(in) :: x
    square = x * x * gain
  end function
end module

program procedure_pointer
  use kernels_pp
  implicit none
  procedure(unary), pointer :: f
  real :: a(4)
  integer :: i
  a = [(real(i), i = 1, 4)]
  f => square
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, 4
    a(i) = f(a(i))
  end do
  print '(a,4f6.1)', 'a:', a
end program
