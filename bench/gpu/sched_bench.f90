! More host threads than cores, each launching many small target regions:
! what ompx's CUDA scheduling choice (CU_CTX_SCHED_AUTO by default,
! pipeline/runtime/CudaSetup.c) costs such a program. bench/bench_gpu.py runs
! it under OMPX_CUDA_SCHEDULE=auto and =blocking. Each of T host threads
! (default 2 x omp_get_num_procs()) runs L synchronous target regions on its
! own M elements of one device-resident array; the whole parallel region is
! timed on the host, each round printed as "time ROUND SECONDS", and every
! element checked (incremented once per launch).
! Usage: sched_bench [LAUNCHES [ROUNDS [THREADS [M]]]]
program sched_bench
  use omp_lib
  implicit none
  integer :: launches, rounds, threads, m
  character(len=32) :: arg
  integer, allocatable :: x(:)
  launches = 200
  rounds = 5
  threads = 2 * omp_get_num_procs()
  m = 4096
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) launches
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) rounds
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) threads
  end if
  if (command_argument_count() >= 4) then
    call get_command_argument(4, arg)
    read (arg, *) m
  end if
  allocate(x(m * threads))
  call run(launches, rounds, threads, m, x)
end program sched_bench

subroutine run(launches, rounds, threads, m, x)
  use omp_lib
  implicit none
  integer, intent(in) :: launches, rounds, threads, m
  integer :: x(m * threads)
  integer :: i, j, k, r, lo, t
  double precision :: t0
  logical :: on_host
  x = 0
  on_host = .true.
  !$omp target map(from: on_host)
  on_host = omp_is_initial_device()
  !$omp end target
  print '(a,l1)', 'target region ran on the host: ', on_host
  print '(a,i0,a,i0,a,i0,a,i0)', 'sched_bench: threads=', threads, &
      ' cores=', omp_get_num_procs(), ' launches per thread=', launches, &
      ' elements per launch=', m
  !$omp target data map(tofrom: x)
  do r = 1, rounds
    t0 = omp_get_wtime()
    !$omp parallel num_threads(threads) private(t, lo, k, j)
    t = omp_get_thread_num()
    lo = t * m
    do k = 1, launches
      !$omp target teams distribute parallel do map(to: lo)
      do j = lo + 1, lo + m
        x(j) = x(j) + 1
      end do
    end do
    !$omp end parallel
    print '(a,i0,1x,es12.5)', 'time ', r, omp_get_wtime() - t0
  end do
  !$omp end target data
  do i = 1, m * threads
    if (x(i) /= launches * rounds) then
      print '(a,i0,2(1x,i0))', 'sched_bench: WRONG at ', i, x(i), launches * rounds
      error stop 1
    end if
  end do
  print '(a,i0,a,i0)', 'sched_bench: ok n=', m * threads, ' launches=', &
      threads * launches * rounds
end subroutine run
