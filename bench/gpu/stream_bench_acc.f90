! The OpenACC twin of stream_bench.f90 (ompx runs it through acc-to-omp):
! the same kernels, data, checks and output, with `acc data` keeping the
! arrays on the device and one synchronous `acc parallel loop` per kernel,
! timed on the host with SYSTEM_CLOCK (integer(8): nanoseconds in flang).
! Usage: stream_bench_acc [N [REPS]]
program stream_bench_acc
  implicit none
  integer :: n, reps
  real(8), allocatable :: a(:), b(:), c(:)
  n = 2**26
  reps = 20
  call args(n, reps)
  allocate(a(n), b(n), c(n))
  call run(n, reps, a, b, c)
contains
  include 'bench_args.fi'
end program stream_bench_acc

subroutine run(n, reps, a, b, c)
  implicit none
  integer, intent(in) :: n, reps
  real(8) :: a(n), b(n), c(n)
  real(8), parameter :: s = 0.5d0
  real(8) :: ka, kb, kc, dot, squares, want
  integer :: i, r
  integer(8) :: t0, t1, rate
  squares = 0
  do i = 1, n
    a(i) = 1 + mod(i, 7)
    b(i) = 0
    c(i) = 0
    squares = squares + a(i)**2
  end do
  ka = 1
  kb = 0
  kc = 0
  call system_clock(t0, rate)
  !$acc data copy(a, b, c)
  do r = 1, reps
    call system_clock(t0)
    !$acc parallel loop present(a, c)
    do i = 1, n
      c(i) = a(i)
    end do
    call system_clock(t1)
    print '(a,i0,1x,es12.5)', 'copy ', r, real(t1 - t0, 8) / rate
    call system_clock(t0)
    !$acc parallel loop present(b, c)
    do i = 1, n
      b(i) = s * c(i)
    end do
    call system_clock(t1)
    print '(a,i0,1x,es12.5)', 'scale ', r, real(t1 - t0, 8) / rate
    call system_clock(t0)
    !$acc parallel loop present(a, b, c)
    do i = 1, n
      c(i) = a(i) + b(i)
    end do
    call system_clock(t1)
    print '(a,i0,1x,es12.5)', 'add ', r, real(t1 - t0, 8) / rate
    call system_clock(t0)
    !$acc parallel loop present(a, b, c)
    do i = 1, n
      a(i) = b(i) + s * c(i)
    end do
    call system_clock(t1)
    print '(a,i0,1x,es12.5)', 'triad ', r, real(t1 - t0, 8) / rate
    dot = 0
    call system_clock(t0)
    !$acc parallel loop present(a, b) reduction(+:dot)
    do i = 1, n
      dot = dot + a(i) * b(i)
    end do
    call system_clock(t1)
    print '(a,i0,1x,es12.5)', 'dot ', r, real(t1 - t0, 8) / rate
    kc = ka
    kb = s * kc
    kc = ka + kb
    ka = kb + s * kc
    want = ka * kb * squares
    if (abs(dot - want) > 1d-10 * want) then
      print '(a,i0,2(1x,es22.15))', 'stream_bench_acc: WRONG dot at repetition ', r, dot, want
      error stop 1
    end if
  end do
  !$acc end data
  call check('a', n, a, ka)
  call check('b', n, b, kb)
  call check('c', n, c, kc)
  print '(a,i0,a,i0)', 'stream_bench_acc: ok n=', n, ' reps=', reps
end subroutine run

subroutine check(name, n, x, k)
  implicit none
  character(len=*), intent(in) :: name
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), k
  integer :: j
  do j = 1, n
    if (abs(x(j) - k * (1 + mod(j, 7))) > 1d-12 * k * (1 + mod(j, 7))) then
      print '(3a,i0,2(1x,es22.15))', 'stream_bench_acc: WRONG ', name, ' at ', j, &
          x(j), k * (1 + mod(j, 7))
      error stop 1
    end if
  end do
end subroutine check
