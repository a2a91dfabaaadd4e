! nowait on a construct mapping an allocatable array of records with an
! allocatable component: LLVM 22 crashed in its task.
program record_nowait_refused
  implicit none
  type t
    real, allocatable :: v(:)
    integer :: n = 0
  end type
  type(t), allocatable :: ys(:)
  integer :: i
  allocate(ys(3))
  do i = 1, 3
    allocate(ys(i)%v(2)); ys(i)%v = 2; ys(i)%n = i
  end do
  !$omp target map(tofrom: ys) nowait
  ys(2)%n = ys(2)%n + int(sum(ys(2)%v))
  !$omp end target
  !$omp taskwait
  print *, ys(2)%n
end program
