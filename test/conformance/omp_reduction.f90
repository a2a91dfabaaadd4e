! OpenMP 5.2 reductions of every operator and type in target regions, one
! subroutine per group (integer; real, complex and logical).

! OpenMP 5.2 reductions in target teams distribute parallel do, integer
! operators: + * max min iand ior ieor on integer(4) and integer(8); each
! starts from a value that is not the identity.
subroutine omp_reduction_int
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), p(n), bits(n), i, r, e
  integer(8) :: a8(n), r8
  do i = 1, n
    a(i) = mod(i * 37, 101) - 50
    p(i) = merge(2, 1, mod(i, 10) == 0)
    bits(i) = ieor(-1, ishft(1, mod(i, 20)))
    a8(i) = int(i, 8) * 3000000000_8
  end do

  r = 7
  !$omp target teams distribute parallel do reduction(+:r) map(to: a)
  do i = 1, n
    r = r + a(i)
  end do
  call check_i('add_i4', r, 7 + sum(a))

  ! A teams region that adds itself, 4 teams: each team's own copy (LLVM
  ! 22's host code gave all teams one, and they lost updates).
  r = 7
  !$omp target teams num_teams(4) reduction(+:r)
  do i = 1, 100000
    r = r + 1
  end do
  !$omp end target teams
  call check_i('teams_region_add', r, 400007)

  r = 3
  !$omp target teams distribute parallel do reduction(*:r) map(to: p)
  do i = 1, n
    r = r * p(i)
  end do
  call check_i('mul_i4', r, 3 * product(p))

  r = -1000
  !$omp target teams distribute parallel do reduction(max:r) map(to: a)
  do i = 1, n
    r = max(r, a(i))
  end do
  call check_i('max_i4', r, maxval(a))

  r = 1000
  !$omp target teams distribute parallel do reduction(min:r) map(to: a)
  do i = 1, n
    r = min(r, a(i))
  end do
  call check_i('min_i4', r, minval(a))

  r = not(1)
  !$omp target teams distribute parallel do reduction(iand:r) map(to: bits)
  do i = 1, n
    r = iand(r, bits(i))
  end do
  e = not(1)
  do i = 1, n
    e = iand(e, bits(i))
  end do
  call check_i('iand_i4', r, e)

  r = ishft(1, 25)
  !$omp target teams distribute parallel do reduction(ior:r) map(to: bits)
  do i = 1, n
    r = ior(r, not(bits(i)))
  end do
  e = ishft(1, 25)
  do i = 1, n
    e = ior(e, not(bits(i)))
  end do
  call check_i('ior_i4', r, e)

  r = 12345
  !$omp target teams distribute parallel do reduction(ieor:r) map(to: a)
  do i = 1, n
    r = ieor(r, a(i))
  end do
  e = 12345
  do i = 1, n
    e = ieor(e, a(i))
  end do
  call check_i('ieor_i4', r, e)

  r8 = 1_8
  !$omp target teams distribute parallel do reduction(+:r8) map(to: a8)
  do i = 1, n
    r8 = r8 + a8(i)
  end do
  call check_i8('add_i8', r8, 1_8 + sum(a8))

  r8 = 0_8
  !$omp target teams distribute parallel do reduction(max:r8) map(to: a8)
  do i = 1, n
    r8 = max(r8, a8(i))
  end do
  call check_i8('max_i8', r8, maxval(a8))

  ! The same operator on a parallel do inside target, and on teams.
  r = 0
  !$omp target map(tofrom: r) map(to: a)
  !$omp parallel do reduction(+:r)
  do i = 1, n
    r = r + abs(a(i))
  end do
  !$omp end target
  call check_i('parallel_do_in_target', r, sum(abs(a)))

  r = 0
  !$omp target teams num_teams(3) reduction(+:r)
  r = r + 1
  !$omp end target teams
  call check_i('teams_reduction_count_1_to_3', r, min(max(r, 1), 3))
contains
  include 'check.fi'
end subroutine omp_reduction_int

! OpenMP 5.2 reductions in target regions, real and complex: + * max min on
! real(4) and real(8), + on complex(8); logical .and. .or. .eqv. .neqv.
subroutine omp_reduction_real
  implicit none
  integer, parameter :: n = 100
  real(4) :: x(n), r4
  real(8) :: y(n), r8, e8
  complex(8) :: z(n), rc
  logical :: f(n), l, el
  integer :: i
  do i = 1, n
    x(i) = real(mod(i * 13, 97), 4) / 8.0
    y(i) = real(mod(i * 29, 89), 8) / 4.0d0 - 10.0d0
    z(i) = cmplx(real(mod(i, 3), 8), real(mod(i, 5), 8) / 4.0d0, 8)
    f(i) = mod(i, 7) /= 0
  end do

  r4 = 1.5
  !$omp target teams distribute parallel do reduction(+:r4) map(to: x)
  do i = 1, n
    r4 = r4 + x(i)
  end do
  call check_r('add_r4', real(r4, 8), real(1.5 + sum(x), 8))

  r4 = 1.0e30
  !$omp target teams distribute parallel do reduction(min:r4) map(to: x)
  do i = 1, n
    r4 = min(r4, x(i))
  end do
  call check_r('min_r4', real(r4, 8), real(minval(x), 8))

  r8 = 2.25d0
  !$omp target teams distribute parallel do reduction(+:r8) map(to: y)
  do i = 1, n
    r8 = r8 + y(i)
  end do
  e8 = 2.25d0
  do i = 1, n
    e8 = e8 + y(i)
  end do
  call check_r('add_r8', r8, e8)

  r8 = -3.0d0
  !$omp target teams distribute parallel do reduction(*:r8)
  do i = 1, 30
    r8 = r8 * merge(1.5d0, 1.0d0, mod(i, 3) == 0)
  end do
  call check_r('mul_r8', r8, -3.0d0 * 1.5d0**10)

  r8 = -1.0d300
  !$omp target teams distribute parallel do reduction(max:r8) map(to: y)
  do i = 1, n
    r8 = max(r8, y(i))
  end do
  call check_r('max_r8', r8, maxval(y))

  rc = (1.0d0, -1.0d0)
  !$omp target teams distribute parallel do reduction(+:rc) map(to: z)
  do i = 1, n
    rc = rc + z(i)
  end do
  call check_r('add_c8_re', real(rc, 8), real((1.0d0, -1.0d0) + sum(z), 8))
  call check_r('add_c8_im', aimag(rc), aimag((1.0d0, -1.0d0) + sum(z)))

  l = .true.
  !$omp target teams distribute parallel do reduction(.and.:l) map(to: f)
  do i = 1, n
    l = l .and. f(i)
  end do
  call check_l('and', l, all(f))

  l = .false.
  !$omp target teams distribute parallel do reduction(.or.:l) map(to: f)
  do i = 1, n
    l = l .or. .not. f(i)
  end do
  call check_l('or', l, .not. all(f))

  l = .true.
  !$omp target teams distribute parallel do reduction(.eqv.:l) map(to: f)
  do i = 1, n
    l = l .eqv. f(i)
  end do
  el = .true.
  do i = 1, n
    el = el .eqv. f(i)
  end do
  call check_l('eqv', l, el)

  l = .false.
  !$omp target teams distribute parallel do reduction(.neqv.:l) map(to: f)
  do i = 1, n
    l = l .neqv. f(i)
  end do
  el = .false.
  do i = 1, n
    el = el .neqv. f(i)
  end do
  call check_l('neqv', l, el)
contains
  include 'check.fi'
end subroutine omp_reduction_real

program omp_reduction
  implicit none
  call omp_reduction_int()
  call omp_reduction_real()
end program omp_reduction
