! An array of records with allocatable components entered with the default
! mapper; a kernel writes each element's component; the host reads one
! without `update from` (a time loop: the 2nd step reads stale data).
program rec_alloc_arr_stale
  implicit none
  type :: field
    integer :: n
    real, allocatable :: w(:)
  end type
  type(field) :: u(3)
  integer :: i, k, step
  real :: s
  do k = 1, 3
    u(k)%n = 4
    allocate(u(k)%w(4)); u(k)%w = 1.0
  end do
  !$omp target enter data map(to: u)
  s = 0.0
  do step = 1, 2
    !$omp target
    do k = 1, 3
      do i = 1, 4
        u(k)%w(i) = u(k)%w(i) + 1.0
      end do
    end do
    !$omp end target
    s = s + u(2)%w(1)
  end do
  print *, merge('OK   ', 'STALE', s == 5.0)
  !$omp target exit data map(delete: u)
end program
