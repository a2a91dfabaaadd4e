! STREAM-style memory bandwidth: copy, scale, add, triad and a dot product.
! The programming model is chosen when compiling: -DUSE_OMP_TARGET for OpenMP
! offload, else the serial loops. Optional arguments: array length,
! repetitions.
program stream
  use stream_kinds, only: dp, nkernels, kernel_names, kernel_arrays, &
      start_a, start_b, start_c, start_scalar
  use stream_validate, only: check_results
#if defined(USE_OMP_TARGET)
  use stream_omp_target, only: model_name => omp_target_name, &
      model_run => omp_target_run
#else
  use stream_serial, only: model_name => serial_name, model_run => serial_run
#endif
  implicit none
  integer :: n, ntimes, k, nbad
  real(dp), allocatable :: a(:), b(:), c(:), times(:, :)
  real(dp) :: dot, tmin, tmax, tavg, mbytes

  n = int_argument(1, 1000000)
  ntimes = int_argument(2, 10)
  if (n < 1 .or. ntimes < 2) then
    print '(a)', 'usage: stream [N >= 1 [NTIMES >= 2]]'
    stop 2
  end if

  allocate(a(n), b(n), c(n), times(nkernels, ntimes))
  a = start_a
  b = start_b
  c = start_c

  print '(a,a)', 'Model: ', model_name
  print '(a,i0,a,i0)', 'Array length: ', n, ', repetitions: ', ntimes
  call model_run(n, a, b, c, start_scalar, ntimes, times, dot)

  ! The first repetition warms up (device start, first touch); leave it out.
  print '(a8,a14,3a12)', 'Kernel', 'MB/s', 'Min (s)', 'Max (s)', 'Avg (s)'
  do k = 1, nkernels
    tmin = minval(times(k, 2:))
    tmax = maxval(times(k, 2:))
    tavg = sum(times(k, 2:)) / real(ntimes - 1, dp)
    mbytes = real(kernel_arrays(k), dp) * real(storage_size(a) / 8, dp) * &
        real(n, dp) * 1.0e-6_dp
    print '(a8,f14.1,3f12.6)', kernel_names(k), mbytes / max(tmin, 1.0e-9_dp), &
        tmin, tmax, tavg
  end do

  nbad = check_results(n, a, b, c, start_scalar, ntimes, dot)
  if (nbad /= 0) then
    print '(a,i0,a)', 'FAILED: ', nbad, ' results differ'
    error stop 1
  end if
  print '(a)', 'PASSED'

contains

  integer function int_argument(pos, default) result(v)
    integer, intent(in) :: pos, default
    character(len=32) :: text
    integer :: length, stat

    v = default
    if (command_argument_count() < pos) return
    call get_command_argument(pos, text, length)
    read (text(1:length), *, iostat=stat) v
    if (stat /= 0) then
      print '(a,i0,a,a)', 'argument ', pos, ' is not an integer: ', text(1:length)
      stop 2
    end if
  end function int_argument

end program stream
