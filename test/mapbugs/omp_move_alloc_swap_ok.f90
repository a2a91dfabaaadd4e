! Jacobi sweeps that swap the two entered arrays with move_alloc after each
! kernel: the device copies (and their descriptors) stay with the old
! memory, so the device never sees the swap and sweeps from stale data.
program omp_move_alloc_swap
  implicit none
  integer, parameter :: n = 64, steps = 4
  real, allocatable :: u(:), un(:), tmp(:)
  real :: ref(0:n+1), rn(0:n+1)
  integer :: i, s
  allocate(u(0:n+1), un(0:n+1))
  do i = 0, n + 1
    u(i) = real(mod(7 * i, 13))
  end do
  un = u
  ref = u
  do s = 1, steps
    do i = 1, n
      rn(i) = 0.5 * (ref(i-1) + ref(i+1))
    end do
    ref(1:n) = rn(1:n)
  end do
  !$omp target enter data map(to: u, un)
  do s = 1, steps
    !$omp target teams distribute parallel do
    do i = 1, n
      un(i) = 0.5 * (u(i-1) + u(i+1))
    end do
    !$omp target exit data map(from: u, un)
    call move_alloc(u, tmp)
    call move_alloc(un, u)
    call move_alloc(tmp, un)
    !$omp target enter data map(to: u, un)
  end do
  !$omp target update from(u)
  if (maxval(abs(u(1:n) - ref(1:n))) < 1e-5) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
  !$omp target exit data map(delete: u, un)
end program
