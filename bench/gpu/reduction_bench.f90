! Reductions timed on the device for bench/bench_gpu.py: s = sum(x) over n
! real(8) (sum_r8, the default), real(4) (sum_r4) or integer(4) (sum_i4),
! or s = maxval(x) over real(8) (max_r8); x resident on the device (target
! data), s mapped tofrom each repetition, one synchronous target region per
! repetition timed on the host. The values are reduce.cu's, by index.
! Usage: reduction_bench [N [REPS [sum_r8|sum_r4|sum_i4|max_r8]]]
program reduction_bench
  implicit none
  integer :: n, reps
  character(len=16) :: what
  ! Allocated here and passed as explicit-shape arrays: the kernels see base
  ! addresses, as in saxpy_bench, not descriptors.
  real(8), allocatable :: x8(:)
  real(4), allocatable :: x4(:)
  integer(4), allocatable :: i4(:)
  n = 2**26
  reps = 20
  call args(n, reps)
  what = 'sum_r8'
  if (command_argument_count() >= 3) call get_command_argument(3, what)
  call where_it_runs()
  select case (what)
  case ('sum_r8')
    allocate(x8(n))
    call sum_r8(n, reps, x8)
  case ('sum_r4')
    allocate(x4(n))
    call sum_r4(n, reps, x4)
  case ('sum_i4')
    allocate(i4(n))
    call sum_i4(n, reps, i4)
  case ('max_r8')
    allocate(x8(n))
    call max_r8(n, reps, x8)
  case default
    print '(2a)', 'reduction_bench: unknown reduction ', trim(what)
    error stop 2
  end select
  print '(3a,i0,a,i0)', 'reduction_bench ', trim(what), ': ok n=', n, &
      ' reps=', reps
contains
  include 'bench_args.fi'
end program reduction_bench

subroutine where_it_runs()
  use omp_lib
  implicit none
  logical :: on_host
  on_host = .true.
  !$omp target map(from: on_host)
  on_host = omp_is_initial_device()
  !$omp end target
  print '(a,l1)', 'target region ran on the host: ', on_host
end subroutine where_it_runs

subroutine sum_r8(n, reps, x)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real(8) :: x(n)
  real(8) :: s, expected
  integer :: i, r
  integer(8) :: total
  double precision :: t0, t1
  total = 0
  do i = 1, n
    x(i) = real(mod(i, 7), 8)
    total = total + mod(i, 7)
  end do
  ! Integers below 2**53: the sum is exact in any order.
  expected = real(total, 8)
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
end subroutine sum_r8

subroutine sum_r4(n, reps, x)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real(4) :: x(n)
  real(4) :: s
  real(8) :: expected
  integer :: i, r
  integer(8) :: total
  double precision :: t0, t1
  ! Ones at every 8th element: every partial sum is an integer below 2**24
  ! (for N <= 2**27), exact in single precision in any order.
  total = 0
  do i = 1, n
    x(i) = 0
    if (mod(i, 8) == 0) x(i) = 1
    total = total + merge(1, 0, mod(i, 8) == 0)
  end do
  expected = real(total, 8)
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
    ! Beyond 2**24, single-precision sums round, differently in each order.
    if (s /= expected .and. (total <= 2**24 .or. &
        abs(s - expected) > 1d-5 * expected)) then
      print '(a,i0,2(1x,f22.1))', 'reduction_bench: WRONG at repetition ', r, s, expected
      error stop 1
    end if
  end do
  !$omp end target data
end subroutine sum_r4

subroutine sum_i4(n, reps, x)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  integer(4) :: x(n)
  integer(4) :: s
  integer :: i, r
  integer(8) :: total
  double precision :: t0, t1
  total = 0
  do i = 1, n
    x(i) = mod(i, 7)
    total = total + mod(i, 7)
  end do
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
    if (s /= total) then
      print '(a,i0,2(1x,i0))', 'reduction_bench: WRONG at repetition ', r, s, total
      error stop 1
    end if
  end do
  !$omp end target data
end subroutine sum_i4

subroutine max_r8(n, reps, x)
  use omp_lib
  implicit none
  integer, intent(in) :: n, reps
  real(8) :: x(n)
  real(8) :: s, expected
  integer :: i, r
  double precision :: t0, t1
  expected = -huge(expected)
  do i = 1, n
    x(i) = real(mod(int(i, 8) * 7919_8, 1000003_8), 8)
    expected = max(expected, x(i))
  end do
  !$omp target data map(to: x)
  do r = 1, reps
    s = -huge(s)
    t0 = omp_get_wtime()
    !$omp target teams distribute parallel do reduction(max:s) map(tofrom: s)
    do i = 1, n
      s = max(s, x(i))
    end do
    t1 = omp_get_wtime()
    print '(a,i0,1x,es12.5)', 'time ', r, t1 - t0
    if (s /= expected) then
      print '(a,i0,2(1x,f22.1))', 'reduction_bench: WRONG at repetition ', r, s, expected
      error stop 1
    end if
  end do
  !$omp end target data
end subroutine max_r8
