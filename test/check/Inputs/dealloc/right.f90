! The right forms: exit data before deallocate, and a live copy
! deallocated at the end with no allocation after (a leak, not a wrong
! answer).
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

subroutine once(y, n)
  implicit none
  integer :: n, i
  real :: y(n)
  real, allocatable :: w(:)
  allocate(w(n))
  w = 1.0
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do map(from: y)
  do i = 1, n
    y(i) = w(i)
  end do
  deallocate(w)
end subroutine

! The move_alloc swap with the copies exited before and entered after it;
! and a buffer grown with move_alloc after its exit data.
subroutine sweeps(u, un, n)
  implicit none
  integer :: n, i, s
  real, allocatable :: u(:), un(:), tmp(:)
  !$omp target enter data map(to: u, un)
  do s = 1, 4
    !$omp target teams distribute parallel do
    do i = 2, n - 1
      un(i) = 0.5 * (u(i-1) + u(i+1))
    end do
    !$omp target exit data map(from: u, un)
    call move_alloc(u, tmp)
    call move_alloc(un, u)
    call move_alloc(tmp, un)
    !$omp target enter data map(to: u, un)
  end do
  !$omp target update from(u)
  !$omp target exit data map(delete: u, un)
end subroutine

subroutine grow(w, n)
  implicit none
  integer :: n, i
  real, allocatable :: w(:), bigger(:)
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do
  do i = 1, n
    w(i) = 2 * w(i)
  end do
  !$omp target exit data map(from: w)
  allocate(bigger(2 * n))
  bigger(1:n) = w
  bigger(n+1:) = 0
  call move_alloc(bigger, w)
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do
  do i = 1, 2 * n
    w(i) = w(i) + 1
  end do
  !$omp target exit data map(from: w)
end subroutine
