! A work array allocated and entered at every step, deallocated without
! exit data: the runtime keeps the old device copy under the old address,
! the next allocation lands there, its enter finds it present and copies
! nothing in (y ends 1+1+1, not 1+2+3).
subroutine steps(y, n)
  implicit none
  integer :: n, i, s
  real :: y(n)
  real, allocatable :: w(:)
  !$omp target enter data map(to: y)
  do s = 1, 3
    allocate(w(n))
    w = real(s)
    !$omp target enter data map(to: w)
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = y(i) + w(i)
    end do
    deallocate(w)
  end do
  !$omp target exit data map(from: y)
end subroutine

program p
  implicit none
  real :: y(1000)
  y = 0
  call steps(y, 1000)
  print '(a,f5.1)', 'y(1) = ', y(1)
end program
