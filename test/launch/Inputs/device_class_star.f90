! SELECT TYPE over intrinsic types of a class(*) dummy: the device image's
! own type codes, right.
subroutine kind_of(x, r)
  class(*), intent(in) :: x
  integer, intent(out) :: r
  !$omp target map(from: r)
  select type (x)
  type is (integer)
    r = 1
  type is (real(8))
    r = 2
  class default
    r = 3
  end select
  !$omp end target
end subroutine

program device_class_star
  interface
    subroutine kind_of(x, r)
      class(*), intent(in) :: x
      integer, intent(out) :: r
    end subroutine
  end interface
  integer :: r1, r2
  call kind_of(7, r1)
  call kind_of(2.5d0, r2)
  print *, 'kinds', r1, r2
end program
