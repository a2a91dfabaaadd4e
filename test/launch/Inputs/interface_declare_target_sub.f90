! The interface body inside a subroutine that maps a module array: flang-22
! marks the subroutine declare target, and its map of `g` is refused with
! the way around (name the procedure in the subroutine's own directive).
module store
  implicit none
  real(8) :: g(50)
end module store

subroutine fill()
  use store
  implicit none
  interface
    subroutine cube(x, y)
      !$omp declare target
      real(8), intent(in) :: x
      real(8), intent(out) :: y
    end subroutine cube
  end interface
  real(8) :: t
  integer :: i
  !$omp target teams distribute parallel do map(from: g) private(t)
  do i = 1, 50
    call cube(dble(i), t)
    g(i) = t
  end do
end subroutine fill

program interface_declare_target_sub
  use store
  implicit none
  call fill()
  print '(a,f10.1,f6.1)', 'cubes', sum(g), g(3)
end program interface_declare_target_sub

subroutine cube(x, y)
  !$omp declare target
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = x * x * x
end subroutine cube
