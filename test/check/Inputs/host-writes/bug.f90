! Host writes that leave a stale copy: each twin in right.f90 is correct.
subroutine pinned_sum(tot)
  real(8) :: u(40), tot
  integer :: i
  u = 1d0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do
  do i = 1, 40
    u(i) = u(i) + 1d0
  end do
  ! The boundary cell pinned on the host; the rest is the kernel's, not
  ! copied back.
  u(1) = 0d0
  tot = sum(u)
  !$omp end target data
end subroutine

subroutine maybe_pinned(pin)
  logical :: pin
  real(8) :: a(32)
  integer :: i
  a = 1d0
  !$omp target data map(tofrom: a)
  !$omp target update from(a)
  a = a * 10d0
  ! Under a condition: the certain write before it still needs the update.
  if (pin) a(1) = 0d0
  !$omp target teams distribute parallel do
  do i = 1, 32
    a(i) = a(i) + 1d0
  end do
  !$omp end target data
  print *, a(32)
end subroutine

subroutine both_cells(nsteps)
  integer :: nsteps, s, i
  real(8) :: u(40), un(40)
  u = 0
  !$omp target data map(tofrom: u) map(alloc: un)
  do s = 1, nsteps
    u(40) = -real(s, 8)
    u(1) = real(s, 8)
    ! Only the last cell set is updated.
    !$omp target update to(u(1:1))
    !$omp target teams distribute parallel do
    do i = 2, 39
      un(i) = u(i) + 0.25d0 * (u(i-1) - 2d0 * u(i) + u(i+1))
    end do
    !$omp target teams distribute parallel do
    do i = 2, 39
      u(i) = un(i)
    end do
  end do
  !$omp end target data
  print *, u(2)
end subroutine

subroutine past_section(tot)
  real(8) :: a(0:101), tot
  integer :: i
  a = -1d0
  ! The loop writes a(100) too, outside the section copied back.
  !$omp target teams distribute parallel do map(from: a(1:99))
  do i = 1, 100
    a(i) = real(i, 8)
  end do
  tot = a(100)
end subroutine

subroutine three_cells(nsteps)
  integer :: nsteps, s, i
  real(8) :: u(40), un(40)
  u = 0
  !$omp target data map(tofrom: u) map(alloc: un)
  do s = 1, nsteps
    u(1) = real(s, 8)
    u(20) = 0d0
    u(40) = -real(s, 8)
    ! The third cell set is never updated.
    !$omp target update to(u(1:1))
    !$omp target update to(u(20:20))
    !$omp target teams distribute parallel do
    do i = 2, 39
      un(i) = u(i) + 0.25d0 * (u(i-1) - 2d0 * u(i) + u(i+1))
    end do
    !$omp target teams distribute parallel do
    do i = 2, 39
      u(i) = un(i)
    end do
  end do
  !$omp end target data
  print *, u(2)
end subroutine
