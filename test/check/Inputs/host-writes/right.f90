! The correct twins of bug.f90: no finding.
subroutine pinned_sum(tot)
  real(8) :: u(40), tot
  integer :: i
  u = 1d0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do
  do i = 1, 40
    u(i) = u(i) + 1d0
  end do
  !$omp target update from(u)
  u(1) = 0d0
  tot = sum(u)
  !$omp end target data
end subroutine

subroutine own_cell(first)
  real(8) :: u(40), first
  integer :: i
  u = 1d0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do
  do i = 1, 40
    u(i) = u(i) + 1d0
  end do
  ! Reads only the cell it set itself.
  u(1) = 0d0
  first = u(1)
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
  if (pin) a(1) = 0d0
  !$omp target update to(a)
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
    !$omp target update to(u(1:1), u(40:40))
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


subroutine three_cells(nsteps)
  integer :: nsteps, s, i
  real(8) :: u(40), un(40)
  u = 0
  !$omp target data map(tofrom: u) map(alloc: un)
  do s = 1, nsteps
    u(1) = real(s, 8)
    u(20) = 0d0
    u(40) = -real(s, 8)
    !$omp target update to(u(1:1))
    !$omp target update to(u(20:20))
    !$omp target update to(u(40:40))
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

! A scratch dummy entered and deleted: what the kernel wrote there is
! meant to go (no finding).
subroutine scratch(n, work)
  integer :: n, i
  real(8) :: work(n)
  !$omp target enter data map(alloc: work)
  !$omp target teams distribute parallel do
  do i = 1, n
    work(i) = 1d0
  end do
  !$omp target exit data map(delete: work)
end subroutine
