! An external device procedure called through an interface body that
! carries its `!$omp declare target` (OpenMP's form for one). flang-22 also
! marks the program unit around the interface as declare target.
program interface_declare_target
  implicit none
  interface
    subroutine cube(x, y)
      !$omp declare target
      real(8), intent(in) :: x
      real(8), intent(out) :: y
    end subroutine cube
  end interface
  real(8) :: a(50), t
  integer :: i
  !$omp target teams distribute parallel do map(from: a) private(t)
  do i = 1, 50
    call cube(dble(i), t)
    a(i) = t
  end do
  print '(a,f10.1,f6.1)', 'cubes', sum(a), a(3)
end program interface_declare_target

subroutine cube(x, y)
  !$omp declare target
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = x * x * x
end subroutine cube
