! dealloc_steps.f90 with `exit data map(delete: w)` before each deallocate:
! every step copies its new values in (y ends 1+2+3), nothing to report.
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
    !$omp target exit data map(delete: w)
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
