! A refused update names the item as written (not `ys(3_8)%b`).
program map_item_names_update
  implicit none
  type b_t
    real, allocatable :: v(:)
  end type
  type t
    real :: x
    type(b_t) :: b
  end type
  type(t), allocatable :: ys(:)
  integer :: i
  allocate(ys(4))
  do i = 1, 4
    allocate(ys(i)%b%v(3)); ys(i)%b%v = 1
  end do
  !$omp target enter data map(to: ys)
  !$omp target update from(ys(3)%b)
end program
