! STREAM's kernels in OpenMP offload for bench/bench_gpu.py: copy (c = a),
! scale (b = s*c), add (c = a + b), triad (a = b + s*c) and dot (sum a*b)
! over n doubles resident on the device (target data), each kernel one
! synchronous target region timed on the host, in STREAM's order every
! repetition. Every array stays a multiple of a's first values (a(i) = 1 +
! mod(i, 7): an index mistake shows), so the host follows the multipliers and
! checks every element and every dot product. Prints "KERNEL REP SECONDS"
! per kernel and repetition. Usage: stream_bench [N [REPS]]
program stream_bench
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
end program stream_bench

subroutine run(n, reps, a, b, c)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real(8) :: a(n), b(n), c(n)
  real(8), parameter :: s = 0.5d0
  real(8) :: ka, kb, kc, dot, squares, want
  integer :: i, r
  double precision :: t0
  logical :: on_host
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
  on_host = .true.
  !$omp target map(from: on_host)
  on_host = omp_is_initial_device()
  !$omp end target
  print '(a,l1)', 'target region ran on the host: ', on_host
  !$omp target data map(tofrom: a, b, c)
  do r = 1, reps
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i)
    end do
    print '(a,i0,1x,es12.5)', 'copy ', r, omp_get_wtime() - t0
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      b(i) = s * c(i)
    end do
    print '(a,i0,1x,es12.5)', 'scale ', r, omp_get_wtime() - t0
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      c(i) = a(i) + b(i)
    end do
    print '(a,i0,1x,es12.5)', 'add ', r, omp_get_wtime() - t0
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = b(i) + s * c(i)
    end do
    print '(a,i0,1x,es12.5)', 'triad ', r, omp_get_wtime() - t0
    dot = 0
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do reduction(+:dot) map(tofrom: dot)
    do i = 1, n
      dot = dot + a(i) * b(i)
    end do
    print '(a,i0,1x,es12.5)', 'dot ', r, omp_get_wtime() - t0
    kc = ka
    kb = s * kc
    kc = ka + kb
    ka = kb + s * kc
    want = ka * kb * squares
    if (abs(dot - want) > 1d-10 * want) then
      print '(a,i0,2(1x,es22.15))', 'stream_bench: WRONG dot at repetition ', r, dot, want
      error stop 1
    end if
  end do
  !$omp end target data
  call check('a', a, ka)
  call check('b', b, kb)
  call check('c', c, kc)
  print '(a,i0,a,i0)', 'stream_bench: ok n=', n, ' reps=', reps
contains
  subroutine check(name, x, k)
    character(len=*), intent(in) :: name
    real(8), intent(in) :: x(n), k
    integer :: j
    do j = 1, n
      if (abs(x(j) - k * (1 + mod(j, 7))) > 1d-12 * k * (1 + mod(j, 7))) then
        print '(3a,i0,2(1x,es22.15))', 'stream_bench: WRONG ', name, ' at ', j, &
            x(j), k * (1 + mod(j, 7))
        error stop 1
      end if
    end do
  end subroutine check
end subroutine run
