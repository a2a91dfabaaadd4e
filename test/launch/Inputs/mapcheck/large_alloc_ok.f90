! Correct: a 4 MB allocatable in a data region, written by a kernel, copied
! back with `target update from` before the host reads its first and last
! elements; then deallocated, reallocated (grown) and used again.
program big_ok
  implicit none
  integer, parameter :: n = 1048576
  real, allocatable :: a(:)
  real :: s
  integer :: i, k
  do k = 1, 2
    allocate(a(n*k))
    a = 1.0
    !$omp target enter data map(to: a)
    !$omp target
    do i = 1, n*k
      a(i) = 2.0
    end do
    !$omp end target
    !$omp target update from(a)
    s = a(1) + a(n*k)
    print *, k, merge('OK   ', 'WRONG', s == 4.0)
    !$omp target exit data map(delete: a)
    deallocate(a)
  end do
end program
