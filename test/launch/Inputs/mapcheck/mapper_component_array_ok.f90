! Correct twin: `target update from(u(2)%w)` before each host read.
program rec_alloc_arr_ok
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
    !$omp target update from(u(2)%w)
    s = s + u(2)%w(1)
  end do
  print *, merge('OK   ', 'WRONG', s == 5.0)
  !$omp target exit data map(delete: u)
end program
