! OpenMP 5.2 target combined and nested constructs: teams distribute,
! parallel do, simd, loop, and their combinations, with collapse and
! private/firstprivate/lastprivate.
program omp_combos
  implicit none
  integer, parameter :: n = 96, m = 12
  integer :: a(n), c(n, m), i, j, k, last, e
  a = 0
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = i
  end do
  call check_i('ttdpd', sum(a), n * (n + 1) / 2)

  a = 0
  !$omp target teams distribute parallel do simd map(tofrom: a)
  do i = 1, n
    a(i) = 2 * i
  end do
  call check_i('ttdpd_simd', sum(a), n * (n + 1))

  a = 0
  !$omp target teams distribute map(tofrom: a)
  do i = 1, n
    a(i) = 3
  end do
  call check_i('ttd', sum(a), 3 * n)

  a = 0
  !$omp target parallel do map(tofrom: a)
  do i = 1, n
    a(i) = 4
  end do
  call check_i('tpd', sum(a), 4 * n)

  a = 0
  !$omp target simd map(tofrom: a)
  do i = 1, n
    a(i) = 5
  end do
  call check_i('target_simd', sum(a), 5 * n)

  a = 0
  !$omp target teams loop map(tofrom: a)
  do i = 1, n
    a(i) = 6
  end do
  call check_i('target_teams_loop', sum(a), 6 * n)

  a = 0
  !$omp target parallel loop map(tofrom: a)
  do i = 1, n
    a(i) = 7
  end do
  call check_i('target_parallel_loop', sum(a), 7 * n)

  a = 0
  !$omp target map(tofrom: a)
  !$omp teams
  !$omp distribute parallel do
  do i = 1, n
    a(i) = 8
  end do
  !$omp end teams
  !$omp end target
  call check_i('nested_teams_dpd', sum(a), 8 * n)

  a = 0
  !$omp target map(tofrom: a)
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = 9
  end do
  !$omp end parallel
  !$omp end target
  call check_i('nested_parallel_do', sum(a), 9 * n)

  a = 0
  !$omp target teams distribute simd map(tofrom: a)
  do i = 1, n
    a(i) = 10
  end do
  call check_i('ttd_simd', sum(a), 10 * n)

  c = 0
  !$omp target teams distribute parallel do collapse(2) map(tofrom: c)
  do j = 1, m
    do i = 1, n
      c(i, j) = i + j
    end do
  end do
  call check_i('collapse2', sum(c), m * n * (n + 1) / 2 + n * m * (m + 1) / 2)

  k = 11
  a = 0
  ! (flang-22 lowers no firstprivate on a target construct: a nested one)
  !$omp target map(tofrom: a)
  !$omp teams distribute parallel do firstprivate(k) private(e)
  do i = 1, n
    e = k + i
    a(i) = e
  end do
  !$omp end target
  call check_i('firstprivate_private', sum(a), 11 * n + n * (n + 1) / 2)

  last = 0
  !$omp target parallel do lastprivate(last) map(tofrom: last)
  do i = 1, n
    last = i * 3
  end do
  call check_i('lastprivate', last, 3 * n)

  a = 0
  !$omp target teams distribute parallel do dist_schedule(static, 8) schedule(static, 2) map(tofrom: a)
  do i = 1, n
    a(i) = 1
  end do
  call check_i('schedules', sum(a), n)

  a = 0
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = n, 1, -3
    a(i) = 1
  end do
  call check_i('negative_stride', sum(a), (n - 1) / 3 + 1)
contains
  include 'check.fi'
end program omp_combos
