! A time loop (a counted DO) in a data region: each step reads u(1) on the
! host first, then a kernel updates u. From the second step on the host
! reads its old copy (the total is 3.0, not 6.0).
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
  end do
  !$omp end target data
end subroutine

! The same with enter/exit data around the loop, and OpenACC.
subroutine steps_enter(u, n, tot)
  implicit none
  integer :: n, i, s
  real :: u(n), tot
  tot = 0.0
  !$omp target enter data map(to: u)
  do s = 1, 3
    tot = tot + u(1)
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
  end do
  !$omp target exit data map(from: u)
end subroutine

subroutine steps_acc(u, n, tot)
  implicit none
  integer :: n, i, s
  real :: u(n), tot
  tot = 0.0
  !$acc data copy(u)
  do s = 1, 3
    tot = tot + u(1)
    !$acc parallel loop
    do i = 1, n
      u(i) = u(i) + 1.0
    end do
  end do
  !$acc end data
end subroutine

! A work array entered at each step and never exited: from the second step
! on, the enter finds it present and copies nothing in.
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
  end do
  !$omp target exit data map(from: y)
end subroutine
