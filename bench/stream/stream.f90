! STREAM-style offload bench (written for ompx): copy, scale, add and triad
! kernels over three arrays kept on the device by one data region, NTIMES
! rounds, then checked against the closed form. Prints the best time per
! kernel and its bandwidth. Sized by the first argument (elements, default
! 2,000,000: 16 MB per array).
program stream
  use omp_lib
  implicit none
  integer, parameter :: ntimes = 10
  real(8), allocatable :: a(:), b(:), c(:)
  real(8) :: scalar, t, best(4), expect_a, expect_b, expect_c
  character(len=32) :: arg
  integer :: n, i, k, j
  n = 2000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n), b(n), c(n))
  a = 1.0d0
  b = 2.0d0
  c = 0.0d0
  scalar = 3.0d0
  best = huge(1.0d0)
  !$omp target data map(tofrom: a, b, c)
  do k = 1, ntimes
    t = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i)
    end do
    best(1) = min(best(1), omp_get_wtime() - t)
    t = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      b(i) = scalar * c(i)
    end do
    best(2) = min(best(2), omp_get_wtime() - t)
    t = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i) + b(i)
    end do
    best(3) = min(best(3), omp_get_wtime() - t)
    t = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = b(i) + scalar * c(i)
    end do
    best(4) = min(best(4), omp_get_wtime() - t)
  end do
  !$omp end target data
  expect_a = 1.0d0
  expect_b = 2.0d0
  expect_c = 0.0d0
  do k = 1, ntimes
    expect_c = expect_a
    expect_b = scalar * expect_c
    expect_c = expect_a + expect_b
    expect_a = expect_b + scalar * expect_c
  end do
  do j = 1, 4
    print '(a,i1,a,f10.1,a)', 'kernel ', j, ': ', &
      merge(2, 3, j <= 2) * 8.0d0 * n / best(j) / 1.0d6, ' MB/s'
  end do
  if (abs(a(n) - expect_a) > 1.0d-8 * expect_a .or. &
      abs(b(n) - expect_b) > 1.0d-8 * expect_b .or. &
      abs(c(n) - expect_c) > 1.0d-8 * expect_c) then
    error stop 'stream: WRONG RESULT'
  end if
  print '(a)', 'stream: ok'
end program stream
