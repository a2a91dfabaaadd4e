! 2-D Jacobi solver for -laplace(u) = f on the unit square. The fields live
! on the device for the whole solve; every check_every iterations the
! residual norm (a reduction on the device) decides convergence and the
! monitor column comes back to the host. The host then repeats the same
! iterations serially and compares. Optional argument: points per side.
program jacobi
  use jacobi_kinds, only: dp
  use grid, only: nx, ny, h, u, unew, f, grid_create, grid_destroy
  use jacobi_init, only: init_fields
  use jacobi_sweep, only: sweep
  use jacobi_norm, only: residual_norm
  use jacobi_reference, only: reference_solve
  implicit none
  integer, parameter :: maxiter = 5000, check_every = 100
  real(dp), parameter :: rel_tol = 1.0e-3_dp
  integer :: n, iters, nchecks, imid, jmid, k, nbad
  real(dp) :: res0, res, err
  real(dp) :: monitor(maxiter / check_every), residual(maxiter / check_every)
  real(dp) :: ref_monitor(maxiter / check_every), ref_residual(maxiter / check_every)
  real(dp), allocatable :: uref(:, :)
  character(len=16) :: arg

  n = 64
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *, iostat=k) n
    if (k /= 0 .or. n < 3) then
      print '(2a)', 'usage: jacobi [N >= 3], got ', trim(arg)
      stop 2
    end if
  end if
  call grid_create(n, n)
  imid = (nx + 1) / 2
  jmid = (ny + 1) / 2

  iters = 0
  nchecks = 0
  !$omp target data map(from: u) map(alloc: unew, f)
  call init_fields(nx, ny, u, unew, f)
  res0 = residual_norm(nx, ny, h, u, f)
  do while (iters < maxiter)
    call sweep(nx, ny, h, u, unew, f)
    call sweep(nx, ny, h, unew, u, f)
    iters = iters + 1
    if (mod(iters, check_every) == 0) then
      res = residual_norm(nx, ny, h, u, f)
      !$omp target update from(u(:, jmid))
      nchecks = nchecks + 1
      monitor(nchecks) = u(imid, jmid)
      residual(nchecks) = res
      print '(a,i6,a,es12.5,a,f12.8)', 'iteration', iters, '  residual', res, &
          '  u(centre)', monitor(nchecks)
      if (res < rel_tol * res0) exit
    end if
  end do
  !$omp end target data

  allocate(uref(nx, ny))
  call reference_solve(nx, ny, h, iters, check_every, imid, jmid, uref, &
                       ref_monitor, ref_residual)
  nbad = 0
  err = maxval(abs(u - uref))
  if (err > 1.0e-12_dp) then
    print '(a,es12.5,a,2i5)', 'field differs from the host reference by ', err, &
        ' at', maxloc(abs(u - uref))
    nbad = nbad + 1
  end if
  do k = 1, nchecks
    if (abs(monitor(k) - ref_monitor(k)) > 1.0e-12_dp) then
      print '(a,i0,a,es24.16,a,es24.16)', 'check ', k, ': monitor ', monitor(k), &
          ', host reference ', ref_monitor(k)
      nbad = nbad + 1
    end if
    if (abs(residual(k) - ref_residual(k)) > 1.0e-8_dp * ref_residual(k)) then
      print '(a,i0,a,es24.16,a,es24.16)', 'check ', k, ': residual ', residual(k), &
          ', host reference ', ref_residual(k)
      nbad = nbad + 1
    end if
  end do
  if (iters == maxiter .and. ref_residual(nchecks) >= rel_tol * res0) then
    print '(a,i0,a)', 'no convergence in ', maxiter, ' iterations'
    nbad = nbad + 1
  end if
  call grid_destroy()
  if (nbad /= 0) then
    print '(a,i0,a)', 'FAILED: ', nbad, ' results differ'
    error stop 1
  end if
  print '(a,i0,a)', 'PASSED (', iters, ' iterations)'
end program jacobi
