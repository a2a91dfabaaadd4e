! A league forked outside any parallel region, then target teams regions
! met by the threads of a parallel loop: on the host libomp 19 aborted
! (kmp_csupport.cpp(539), th_set_nproc >= 1) in a pool thread the first
! league had used.
program teams_after_league
  implicit none
  real(8) :: u(100, 4)
  integer :: k, i
  u = 1
  !$omp target teams distribute parallel do map(tofrom: u)
  do i = 1, 100
    u(i, 1) = u(i, 1) + 1
  end do
  !$omp parallel do num_threads(2)
  do k = 1, 4
    !$omp target teams distribute parallel do map(tofrom: u(:, k))
    do i = 1, 100
      u(i, k) = 2 * u(i, k)
    end do
  end do
  !$omp end parallel do
  print '(a,f8.1)', 'sum =', sum(u)
end program
