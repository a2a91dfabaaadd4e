! OpenMP 5.2 atomic read, write, update (every intrinsic operator form) and
! capture in target teams distribute parallel do.
program omp_atomic
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), x, y, i, e, slot(n)
  real(8) :: d
  logical :: seen(0:n)
  a = [(mod(i * 11, 67) - 30, i = 1, n)]

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x) map(to: a)
  do i = 1, n
    !$omp atomic update
    x = x + a(i)
  end do
  call check_i('update_add', x, sum(a))

  x = 1000
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    !$omp atomic
    x = x - i
  end do
  call check_i('update_sub', x, 1000 - n * (n + 1) / 2)

  x = 1
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, 12
    !$omp atomic update
    x = 2 * x
  end do
  call check_i('update_mul', x, 4096)

  x = -1000
  !$omp target teams distribute parallel do map(tofrom: x) map(to: a)
  do i = 1, n
    !$omp atomic update
    x = max(x, a(i))
  end do
  call check_i('update_max', x, maxval(a))

  x = 1000
  !$omp target teams distribute parallel do map(tofrom: x) map(to: a)
  do i = 1, n
    !$omp atomic update
    x = min(x, a(i))
  end do
  call check_i('update_min', x, minval(a))

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 0, 9
    !$omp atomic update
    x = ior(x, ishft(1, i))
  end do
  call check_i('update_ior', x, 1023)

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    !$omp atomic update
    x = ieor(x, i)
  end do
  e = 0
  do i = 1, n
    e = ieor(e, i)
  end do
  call check_i('update_ieor', x, e)

  d = 0.5d0
  !$omp target teams distribute parallel do map(tofrom: d)
  do i = 1, n
    !$omp atomic update seq_cst
    d = d + real(i, 8) * 0.25d0
  end do
  call check_r('update_add_r8_seq_cst', d, 0.5d0 + 0.25d0 * n * (n + 1) / 2)

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    !$omp atomic write
    x = 42
  end do
  call check_i('write', x, 42)

  x = 17
  y = 0
  !$omp target map(tofrom: x, y)
  !$omp atomic read relaxed
  y = x
  !$omp end target
  call check_i('read_relaxed', y, 17)

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x) map(from: slot) private(y)
  do i = 1, n
    !$omp atomic capture
    y = x
    x = x + 1
    !$omp end atomic
    slot(i) = y
  end do
  seen = .false.
  e = 0
  do i = 1, n
    if (slot(i) >= 0 .and. slot(i) < n) then
      if (.not. seen(slot(i))) e = e + 1
      seen(slot(i)) = .true.
    end if
  end do
  call check_i('capture_read_then_update', e, n)

  x = 0
  !$omp target teams distribute parallel do map(tofrom: x) map(from: slot) private(y)
  do i = 1, n
    !$omp atomic capture
    x = x + 2
    y = x
    !$omp end atomic
    slot(i) = y
  end do
  call check_i('capture_update_then_read', sum(slot), n * (n + 1))

  x = 5
  y = 0
  !$omp target map(tofrom: x, y)
  !$omp atomic capture
  y = x
  x = 9
  !$omp end atomic
  !$omp end target
  call check_i('capture_swap', 10 * y + x, 59)
contains
  include 'check.fi'
end program omp_atomic
