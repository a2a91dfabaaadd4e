! Host threads launching teams kernels at once (target in a parallel
! region): the plugin runs each on its launching thread, so each kernel's
! team number and count are that thread's own. Every element is counted
! once per launch, 50 launches.
program host_teams_threads
  use omp_lib
  implicit none
  integer, parameter :: n = 20000
  integer :: c(n, 4), t, i, j
  c = 0
  !$omp parallel num_threads(4) private(t, i)
  t = omp_get_thread_num() + 1
  do i = 1, 50
    !$omp target teams distribute num_teams(4 + t) map(tofrom: c(:, t))
    do j = 1, n
      c(j, t) = c(j, t) + 1
    end do
  end do
  !$omp end parallel
  print '(a,i0,a,i0)', 'min=', minval(c), ' max=', maxval(c)
end program
