! A work array allocated and entered at every step, deallocated without
! exit data: the next allocation may land at the same address, which the
! runtime still finds present, and the enter copies nothing in.
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

! The same in straight-line code.
subroutine twice(y, n)
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
  allocate(w(n))
  w = 2.0
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do map(tofrom: y)
  do i = 1, n
    y(i) = y(i) + w(i)
  end do
  !$omp target exit data map(delete: w)
end subroutine

! Jacobi sweeps swapping the two entered arrays with move_alloc: the device
! copies stay with the old memory, the swap is not seen there.
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
    call move_alloc(u, tmp)
    call move_alloc(un, u)
    call move_alloc(tmp, un)
  end do
  !$omp target update from(u)
  !$omp target exit data map(delete: u, un)
end subroutine

! The OpenACC form of the swap.
subroutine acc_sweeps(u, un, n)
  implicit none
  integer :: n, i, s
  real, allocatable :: u(:), un(:), tmp(:)
  !$acc enter data copyin(u, un)
  do s = 1, 4
    !$acc parallel loop present(u, un)
    do i = 2, n - 1
      un(i) = 0.5 * (u(i-1) + u(i+1))
    end do
    call move_alloc(u, tmp)
    call move_alloc(un, u)
    call move_alloc(tmp, un)
  end do
  !$acc exit data copyout(u) delete(un)
end subroutine
