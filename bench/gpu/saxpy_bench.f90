! saxpy timed on the device for bench/bench_gpu.py: y = a*x + y over n
! reals, the arrays resident on the device (target data), each repetition
! one synchronous target region timed on the host. Usage: saxpy_bench [N [REPS]]
program saxpy_bench
  implicit none
  integer :: n, reps
  real, allocatable :: x(:), y(:)
  n = 2**26
  reps = 20
  call args(n, reps)
  allocate(x(n), y(n))
  call run(n, reps, x, y)
contains
  include 'bench_args.fi'
end program saxpy_bench

subroutine run(n, reps, x, y)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real :: x(n), y(n)
  real :: a
  integer :: i, r
  double precision :: t0, t1
  logical :: on_host
  a = 2.0
  do i = 1, n
    x(i) = real(mod(i, 5))
    y(i) = 1.0
  end do
  on_host = .true.
  !$omp target map(from: on_host)
  on_host = omp_is_initial_device()
  !$omp end target
  print '(a,l1)', 'target region ran on the host: ', on_host
  !$omp target data map(to: x) map(tofrom: y)
  do r = 1, reps
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = a * x(i) + y(i)
    end do
    t1 = omp_get_wtime()
    print '(a,i0,1x,es12.5)', 'time ', r, t1 - t0
  end do
  !$omp end target data
  ! Every value is a small integer: exact in single precision.
  do i = 1, n
    if (y(i) /= 1.0 + reps * a * x(i)) then
      print '(a,i0,2(1x,f12.1))', 'saxpy_bench: WRONG at ', i, y(i), 1.0 + reps * a * x(i)
      error stop 1
    end if
  end do
  print '(a,i0,a,i0)', 'saxpy_bench: ok n=', n, ' reps=', reps
end subroutine run
