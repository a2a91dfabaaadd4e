! Map items naming a record array's element: flang-22 names them after the
! typed expression (`ys(3_8)%v`, `ys(int(i,kind=8))%w`); ompx shows them as
! written.
subroutine kind_names(ys, i)
  type t
    real :: v(4)
    real :: w
  end type
  type(t), allocatable :: ys(:)
  integer :: i
  !$omp target map(from: ys(3)%v) map(tofrom: ys(i)%w)
    ys(3)%v = ys(i)%w
  !$omp end target
end subroutine
