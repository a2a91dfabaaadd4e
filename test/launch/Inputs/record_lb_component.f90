! An array component whose lower bound is not 1, mapped by itself:
! flang-22 maps it through a temporary descriptor and the kernel crashed.
! Refused; the whole variable maps right.
program record_lb_component
  implicit none
  type t
    real(8) :: x(0:11)
  end type
  type(t) :: r
  integer :: i
  r%x = 1
  !$omp target map(tofrom: r%x)
  do i = 0, 11
    r%x(i) = 2 * r%x(i)
  end do
  !$omp end target
  print *, r%x(0), r%x(11)
end program
