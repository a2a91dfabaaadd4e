! The right forms of counted.f90: an update after the kernel, a loop that
! runs once, the work array exited at each step.
subroutine steps_omp(u, n, tot)
  implicit none
  integer :: n, i, s
  real :: u(n), tot
  tot = 0.0
  !$omp target data map(tofrom: u)
  do s = 1, 3
    tot = tot + u(1)
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
    !$omp target update from(u)
  end do
  !$omp end target data
end subroutine

subroutine once(u, n, tot)
  implicit none
  integer :: n, i, s
  real :: u(n), tot
  tot = 0.0
  !$omp target data map(tofrom: u)
  do s = 1, 1
    tot = tot + u(1)
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
  end do
  !$omp end target data
end subroutine

subroutine steps_work(y, n)
  implicit none
  integer :: n, i, s
  real :: y(n), w(n)
  !$omp target enter data map(to: y)
  do s = 1, 3
    w = real(s)
    !$omp target enter data map(to: w)
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = y(i) + w(i)
    end do
    !$omp target exit data map(delete: w)
  end do
  !$omp target exit data map(from: y)
end subroutine
