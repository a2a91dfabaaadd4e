! A declare target procedure no kernel calls reads the host-only module's
! variable; `isokinds` reads a named constant of iso_fortran_env, which the
! Fortran runtime defines.
module unused_mod
  use consts
  use iso_fortran_env, only: integer_kinds
  implicit none
contains
  real(8) function scaled(x)
    !$omp declare target
    real(8), intent(in) :: x
    scaled = coef * x
  end function
  integer function isokinds(i)
    !$omp declare target
    integer, intent(in) :: i
    isokinds = integer_kinds(i)
  end function
end module

program unused
  use unused_mod, only: isokinds
  implicit none
  integer :: k(4), i
  !$omp target map(from: k)
  do i = 1, 4
    k(i) = isokinds(i)
  end do
  !$omp end target
  print '(4i2)', k
end program
