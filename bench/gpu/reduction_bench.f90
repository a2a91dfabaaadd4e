! Sum reduction timed on the device for bench/bench_gpu.py: s = sum(x) over
! n doubles, x resident on the device (target data), s mapped tofrom each
! repetition, one synchronous target region per repetition timed on the
! host. Usage: reduction_bench [N [REPS]]
program reduction_bench
  implicit none
  integer :: n, reps
  real(8), allocatable :: x(:)
  n = 2**26
  reps = 20
  call args(n, reps)
  allocate(x(n))
  call run(n, reps, x)
contains
  include 'bench_args.fi'
end program reduction_bench

subroutine run(n, reps, x)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real(8) :: x(n)
  real(8) :: s, expected
  integer :: i, r
  integer(8) :: total
  double precision :: t0, t1
  logical :: on_host
  total = 0
  do i = 1, n
    x(i) = real(mod(i, 7), 8)
    total = total + mod(i, 7)
  end do
  ! Integers below 2**53: the sum is exact in any order.
  expected = real(total, 8)
  on_host = .true.
  !$omp target map(from: on_host)
  on_host = omp_is_initial_device()
  !$omp end target
  print '(a,l1)', 'target region ran on the host: ', on_host
  !$omp target data map(to: x)
  do r = 1, reps
    s = 0
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do reduction(+:s) map(tofrom: s)
    do i = 1, n
      s = s + x(i)
    end do
    t1 = omp_get_wtime()
    print '(a,i0,1x,es12.5)', 'time ', r, t1 - t0
    if (s /= expected) then
      print '(a,i0,2(1x,f22.1))', 'reduction_bench: WRONG at repetition ', r, s, expected
      error stop 1
    end if
  end do
  !$omp end target data
  print '(a,i0,a,i0)', 'reduction_bench: ok n=', n, ' reps=', reps
end subroutine run
