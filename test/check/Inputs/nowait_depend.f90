! A target region without nowait whose depend clause orders it after a
! nowait one (not both `in`) is waited for by the host, and so is the nowait
! one: reading `a` after it is right. `c`'s region is ordered after nothing
! the host waits for: reading `c` is too early.
program nowait_depend
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), c(n), d(n)
  integer :: flags(2)
  a = 1.0
  c = 1.0
  !$omp target map(tofrom: a) nowait depend(out: a)
  a = a * 2.0
  !$omp end target
  !$omp target map(to: a) map(from: b) depend(in: a)
  b = a + 1.0
  !$omp end target
  print *, a(1), b(1)
  !$omp target map(tofrom: c) nowait depend(out: c)
  c = c * 2.0
  !$omp end target
  !$omp target map(from: d) depend(in: d)
  d = 3.0
  !$omp end target
  print *, c(1), d(1)
  !$omp taskwait
  ! Elements of one array: d(1) orders nothing after d(2).
  !$omp target map(tofrom: a) nowait depend(out: flags(1))
  a = a + 1.0
  !$omp end target
  !$omp target map(from: b) depend(inout: flags(2))
  b = 2.0
  !$omp end target
  print *, a(1), b(1)
  !$omp taskwait
  !$omp target map(tofrom: c) nowait depend(out: flags(1))
  c = c + 1.0
  !$omp end target
  !$omp target map(from: d) depend(in: flags(1))
  d = 4.0
  !$omp end target
  print *, c(1), d(1)
end program

! Two nowait kernels on an assumed-shape dummy ordered by depend, then a
! taskwait: flang stores the dummy's descriptor into a temporary for the
! second kernel's maps, which touches no data (a false nowait-host-access
! at the declaration).
subroutine chain(a, b)
  implicit none
  real :: a(:), b(:)
  integer :: i
  !$omp target teams distribute parallel do nowait depend(out: a) map(tofrom: a)
  do i = 1, size(a)
    a(i) = a(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait depend(in: a) map(to: a) map(from: b)
  do i = 1, size(a)
    b(i) = a(i) * 2.0
  end do
  !$omp taskwait
end subroutine
