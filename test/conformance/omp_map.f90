! OpenMP 5.2 map types and modifiers on target and target data: to, from,
! tofrom, alloc, array sections, scalars (firstprivate by default),
! always, close, present, defaultmap.
program omp_map
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, s, k
  real(8) :: x
  a = [(i, i = 1, n)]
  b = 0
  !$omp target map(to: a) map(from: b)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$omp end target
  call check_i('to_from', sum(b), n * (n + 1))

  !$omp target map(tofrom: b)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  !$omp end target
  call check_i('tofrom', sum(b), n * (n + 1) + n)

  b = 0
  !$omp target map(to: a) map(alloc: c) map(from: b)
  do i = 1, n
    c(i) = a(i) + 3
  end do
  do i = 1, n
    b(i) = c(i) * 2
  end do
  !$omp end target
  call check_i('alloc', sum(b), n * (n + 1) + 6 * n)

  b = 0
  !$omp target map(to: a(11:20)) map(tofrom: b(11:20))
  do i = 11, 20
    b(i) = a(i)
  end do
  !$omp end target
  call check_i('section', sum(b), 155)

  ! A scalar is firstprivate by default: the host value is seen.
  k = 7
  b = 0
  !$omp target map(from: b)
  do i = 1, n
    b(i) = k
  end do
  !$omp end target
  call check_i('scalar_firstprivate', sum(b), 7 * n)

  ! Its writes stay in the region's copy, wherever the region runs (LLVM
  ! 22's host code wrote them to the host's variable).
  k = 7
  b = 0
  !$omp target map(from: b)
  k = k + 1
  b(1) = k
  !$omp end target
  call check_i('scalar_firstprivate_write', k * 100 + b(1), 708)

  ! defaultmap(tofrom: scalar) brings the scalar back.
  s = 1
  !$omp target defaultmap(tofrom: scalar)
  s = s + 41
  !$omp end target
  call check_i('defaultmap_tofrom_scalar', s, 42)

  x = 1.5d0
  !$omp target map(tofrom: x)
  x = x * 4.0d0
  !$omp end target
  call check_r('scalar_tofrom_r8', x, 6.0d0)

  ! always: the host's new value is copied though the data is present.
  b = 1
  !$omp target data map(to: b)
  b = 5
  !$omp target map(always, to: b) map(from: c)
  do i = 1, n
    c(i) = b(i)
  end do
  !$omp end target
  !$omp end target data
  call check_i('always_to', sum(c), 5 * n)

  b = 0
  !$omp target data map(alloc: b)
  !$omp target map(always, from: b)
  do i = 1, n
    b(i) = 3
  end do
  !$omp end target
  call check_i('always_from_in_data', sum(b), 3 * n)
  !$omp end target data

  b = 0
  !$omp target data map(tofrom: b)
  !$omp target map(present, tofrom: b)
  do i = 1, n
    b(i) = i
  end do
  !$omp end target
  !$omp end target data
  call check_i('present', sum(b), n * (n + 1) / 2)

  b = 0
  !$omp target map(close, tofrom: b)
  do i = 1, n
    b(i) = 2
  end do
  !$omp end target
  call check_i('close', sum(b), 2 * n)

  ! Nested target data: the inner map finds the outer one.
  b = 0
  !$omp target data map(tofrom: b)
  !$omp target data map(to: b)
  !$omp target
  do i = 1, n
    b(i) = 9
  end do
  !$omp end target
  !$omp end target data
  !$omp end target data
  call check_i('nested_data', sum(b), 9 * n)
contains
  include 'check.fi'
end program omp_map
