! Rounds of `target nowait` whose firstprivate scalars (integer, real(8),
! complex(8) in two words, logical, a module variable, a common block
! member) the host changes right after the construct; tasks run later on
! the team's other thread.
module nwmod
  implicit none
  integer :: mk
end module

program nw2
  use nwmod
  implicit none
  integer :: ck
  common /nwc/ ck
  type pt
    real(8) :: a, b
  end type
  integer, parameter :: n = 6
  integer :: i, r(n), k, rm(n), rc(n)
  real(8) :: x, s(n)
  complex(8) :: z
  complex(8) :: zs(n)
  logical :: flag, fl(n)
  real(8), allocatable :: a(:)
  type(pt) :: p
  allocate(a(n))
  a = 0; r = 0; rm = 0; rc = 0; s = 0; zs = 0; fl = .false.
  p%a = 1; p%b = 2
  !$omp parallel num_threads(2)
  !$omp single
  do i = 1, n
    x = i * 0.5d0
    z = cmplx(i, -i, 8)
    flag = mod(i, 2) == 0
    k = 100 + i
    mk = i; ck = 2 * i
    !$omp target nowait map(tofrom: r(i:i), s(i:i), zs(i:i), fl(i:i), a(i:i), rm(i:i), rc(i:i)) map(to: p)
    r(i) = k
    rm(mk) = mk
    rc(ck / 2) = ck
    s(i) = x + p%a
    zs(i) = z
    fl(i) = flag
    a(i) = x * 2
    !$omp end target
    x = -1; z = 0; flag = .false.; k = -7; mk = 1; ck = 2
  end do
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  k = 0
  do i = 1, n
    if (r(i) /= 100 + i) k = k + 1
    if (rm(i) /= i .or. rc(i) /= 2 * i) k = k + 1
    if (s(i) /= i * 0.5d0 + 1) k = k + 1
    if (zs(i) /= cmplx(i, -i, 8)) k = k + 1
    if (fl(i) .neqv. (mod(i, 2) == 0)) k = k + 1
    if (a(i) /= i * 1d0) k = k + 1
  end do
  if (k == 0) then
    print *, 'PASS'
  else
    print *, 'FAIL', k, r
  end if
end program
