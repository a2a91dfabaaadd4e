! A work array allocated, filled and entered at every step, deallocated
! without exit data: the runtime keeps the old device copy under the old
! address, the next allocation lands there, its enter finds it present and
! copies nothing in: every step adds the first step's values.
program omp_dealloc_reenter
  implicit none
  integer, parameter :: n = 256
  real :: y(n)
  real, allocatable :: w(:)
  integer :: i, s
  y = 0.0
  !$omp target enter data map(to: y)
  do s = 1, 3
    allocate(w(n))
    w = real(s)
    !$omp target enter data map(to: w)
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = y(i) + w(i)
    end do
    !$omp target exit data map(delete: w)
    deallocate(w)
  end do
  !$omp target exit data map(from: y)
  if (all(y == 6.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL', y(1)
  end if
end program
