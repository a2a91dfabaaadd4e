! OpenMP 5.2: several reductions of different operators and types on one
! target teams distribute parallel do simd (max/min on real(8) and integer,
! iand, ieor, ior, + on real(8), integer and integer(8)), an allocatable
! array reduction and a 2-D array max reduction. Expectations from the same
! loops run serially on the host.
program omp_multi_reduction
  implicit none
  integer, parameter :: n = 20000
  real(8), allocatable :: a(:)
  integer, allocatable :: ia(:), ihist(:), ehist(:)
  real(8) :: vmax, vmin, s, evmax, evmin, es, col(4, 3), ecol(4, 3)
  integer :: imax, imin, iandv, ieorv, iorv, cnt, i, j
  integer :: eimax, eimin, eiand, eieor, eior, ecnt
  integer(8) :: big, ebig
  allocate(a(n), ia(n), ihist(16), ehist(16))
  do i = 1, n
    a(i) = sin(dble(i) * 0.001d0) * 100.0d0 + mod(i, 7)
    ia(i) = ieor(int(mod(int(i, 8) * 2654435_8, 2147483647_8)), ishft(i, 3))
  end do

  vmax = -huge(1.0d0); vmin = huge(1.0d0); s = 0
  imax = -huge(1); imin = huge(1); iandv = not(0); ieorv = 0; iorv = 0
  cnt = 0; big = 0
  !$omp target teams distribute parallel do simd map(to: a, ia) &
  !$omp   reduction(max: vmax, imax) reduction(min: vmin, imin) &
  !$omp   reduction(iand: iandv) reduction(ieor: ieorv) reduction(ior: iorv) &
  !$omp   reduction(+: s, cnt, big)
  do i = 1, n
    vmax = max(vmax, a(i))
    vmin = min(vmin, a(i))
    imax = max(imax, ia(i))
    imin = min(imin, ia(i))
    iandv = iand(iandv, ior(ia(i), 65536))
    ieorv = ieor(ieorv, ia(i))
    iorv = ior(iorv, iand(ia(i), 255))
    s = s + a(i)
    if (a(i) > 50.0d0) cnt = cnt + 1
    big = big + int(ia(i), 8)
  end do
  evmax = -huge(1.0d0); evmin = huge(1.0d0); es = 0
  eimax = -huge(1); eimin = huge(1); eiand = not(0); eieor = 0; eior = 0
  ecnt = 0; ebig = 0
  do i = 1, n
    evmax = max(evmax, a(i))
    evmin = min(evmin, a(i))
    eimax = max(eimax, ia(i))
    eimin = min(eimin, ia(i))
    eiand = iand(eiand, ior(ia(i), 65536))
    eieor = ieor(eieor, ia(i))
    eior = ior(eior, iand(ia(i), 255))
    es = es + a(i)
    if (a(i) > 50.0d0) ecnt = ecnt + 1
    ebig = ebig + int(ia(i), 8)
  end do
  call check_r('several_max_r8', vmax, evmax)
  call check_r('several_min_r8', vmin, evmin)
  call check_i('several_max_i4', imax, eimax)
  call check_i('several_min_i4', imin, eimin)
  call check_i('several_iand', iandv, eiand)
  call check_i('several_ieor', ieorv, eieor)
  call check_i('several_ior', iorv, eior)
  call check_r('several_add_r8', s, es)
  call check_i('several_count', cnt, ecnt)
  call check_i8('several_add_i8', big, ebig)

  ihist = 0
  !$omp target teams distribute parallel do map(to: ia) reduction(+: ihist) private(j)
  do i = 1, n
    j = 1 + iand(ia(i), 15)
    ihist(j) = ihist(j) + 1
  end do
  ehist = 0
  do i = 1, n
    j = 1 + iand(ia(i), 15)
    ehist(j) = ehist(j) + 1
  end do
  call check_i('allocatable_array_add', sum(abs(ihist - ehist)), 0)

  col = -1.0d30
  !$omp target teams distribute parallel do map(to: a) reduction(max: col)
  do i = 1, n
    col(1 + mod(i, 4), 1 + mod(i, 3)) = max(col(1 + mod(i, 4), 1 + mod(i, 3)), a(i))
  end do
  ecol = -1.0d30
  do i = 1, n
    ecol(1 + mod(i, 4), 1 + mod(i, 3)) = max(ecol(1 + mod(i, 4), 1 + mod(i, 3)), a(i))
  end do
  call check_r('array_2d_max', maxval(abs(col - ecol)), 0.0d0)
contains
  include 'check.fi'
end program omp_multi_reduction
