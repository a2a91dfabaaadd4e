! Reports name a map's item as written: flang-22 names `ys(3)%m(1,:)`
! `ys(3_8)%m(1,:)` and `ys(i)%m(2,:)` `ys(int(i,kind=8))%m(2,:)`.
program map_item_names
  implicit none
  type t
    real :: x
    real, allocatable :: m(:,:)
  end type
  type(t), allocatable :: ys(:)
  character(8) :: which
  integer :: i
  allocate(ys(4))
  do i = 1, 4
    allocate(ys(i)%m(3,3)); ys(i)%x = 1; ys(i)%m = 1
  end do
  !$omp target enter data map(to: ys)
  call get_command_argument(1, which)
  i = 3
  if (which == 'literal') then
    !$omp target update from(ys(3)%m(1,:))
  else
    !$omp target update from(ys(i)%m(2,:))
  end if
  print *, ys(3)%m(1,1)
end program
