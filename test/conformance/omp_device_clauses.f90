! OpenMP 5.2 device, if, num_teams, thread_limit, num_threads clauses and
! the device query routines inside and outside target regions.
program omp_device_clauses
  use omp_lib
  implicit none
  integer :: dev, nteams, nthreads, i, count
  logical :: initial, expect_initial
  integer :: a(64)
  ! With no offload device (--device=host) target regions run on the host.
  expect_initial = omp_get_num_devices() == 0
  dev = omp_get_default_device()

  initial = .false.
  !$omp target device(dev) map(from: initial)
  initial = omp_is_initial_device()
  !$omp end target
  call check_l('device_clause', initial, expect_initial)

  initial = .false.
  !$omp target if(.false.) map(from: initial)
  initial = omp_is_initial_device()
  !$omp end target
  call check_l('if_false_runs_on_host', initial, .true.)

  initial = .true.
  !$omp target if(target: .true.) map(from: initial)
  initial = omp_is_initial_device()
  !$omp end target
  call check_l('if_true', initial, expect_initial)

  nteams = 0
  !$omp target teams num_teams(4) map(tofrom: nteams)
  if (omp_get_team_num() == 0) nteams = omp_get_num_teams()
  !$omp end target teams
  call check_i('num_teams_at_most_4', nteams, min(max(nteams, 1), 4))

  nthreads = 0
  !$omp target teams thread_limit(8) map(tofrom: nthreads)
  !$omp parallel
  if (omp_get_thread_num() == 0 .and. omp_get_team_num() == 0) nthreads = omp_get_num_threads()
  !$omp end parallel
  !$omp end target teams
  call check_i('thread_limit_at_most_8', nthreads, min(max(nthreads, 1), 8))

  nthreads = 0
  !$omp target parallel num_threads(2) map(tofrom: nthreads)
  if (omp_get_thread_num() == 0) nthreads = omp_get_num_threads()
  !$omp end target parallel
  call check_i('num_threads_at_most_2', nthreads, min(max(nthreads, 1), 2))

  a = 0
  !$omp target teams distribute parallel do num_teams(2) thread_limit(4) device(dev) if(.true.) map(tofrom: a)
  do i = 1, 64
    a(i) = i
  end do
  count = sum(a)
  call check_i('combined_clauses', count, 64 * 65 / 2)
contains
  include 'check.fi'
end program omp_device_clauses
