! map(to: rs(2)%x) of a component x(0:5) of one element: the kernel
! crashed (the scalar form s%x was refused already).
program element_lb_component
  type r
    real(8) :: x(0:5)
  end type
  type(r) :: rs(3)
  real(8) :: s
  integer :: i
  do i = 0, 5
    rs(2)%x(i) = i
  end do
  s = 0
  !$omp target map(to: rs(2)%x) map(tofrom: s)
  do i = 0, 5
    s = s + rs(2)%x(i)
  end do
  !$omp end target
  print *, s
end program
