! A module variable mapped `to` and written: the finding at the directive
! (flang locates the map at the declaration, in the module's .mod file).
subroutine use_grid()
  use grid_mod
  implicit none
  integer :: i
  g = 1.0
  !$omp target teams distribute parallel do map(to: g)
  do i = 1, 16
    g(i) = 2.0 * g(i)
  end do
  print *, g(1)
end subroutine
