! OpenMP API routines, a named critical and locks in device code.
program device_api_more
  use omp_lib
  implicit none
  integer :: procs, count, tested, nested
  integer :: explicit_out, explicit_in
  logical :: clock_ok
  integer(omp_lock_kind) :: lock
  integer(omp_nest_lock_kind) :: nlock
  real(8) :: t0, t1, tick
  count = 0
  !$omp target map(from: procs, clock_ok, tested, nested, &
  !$omp&   explicit_out, explicit_in) map(tofrom: count)
  procs = omp_get_num_procs()
  t0 = omp_get_wtime()
  tick = omp_get_wtick()
  t1 = omp_get_wtime()
  clock_ok = t1 >= t0 .and. tick > 0
  !$omp critical (counter)
  count = count + 1
  !$omp end critical (counter)
  call omp_init_lock(lock)
  call omp_set_lock(lock)
  tested = 0
  if (.not. omp_test_lock(lock)) tested = tested + 1
  call omp_unset_lock(lock)
  if (omp_test_lock(lock)) tested = tested + 10
  call omp_unset_lock(lock)
  call omp_destroy_lock(lock)
  call omp_init_nest_lock(nlock)
  call omp_set_nest_lock(nlock)
  nested = omp_test_nest_lock(nlock)
  call omp_unset_nest_lock(nlock)
  call omp_unset_nest_lock(nlock)
  call omp_destroy_nest_lock(nlock)
  explicit_out = merge(1, 0, omp_in_explicit_task())
  !$omp task shared(explicit_in)
  explicit_in = merge(1, 0, omp_in_explicit_task())
  !$omp end task
  !$omp taskwait
  !$omp end target
  print '(a,i0,a,l1,a,i0)', 'procs ', procs, ', clock ', clock_ok, &
    ', critical ', count
  print '(a,i0,a,i0,a,i0,1x,i0)', 'locks ', tested, ', nest ', nested, &
    ', explicit task ', explicit_out, explicit_in
end program device_api_more
