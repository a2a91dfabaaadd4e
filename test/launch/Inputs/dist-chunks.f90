! dist_schedule/schedule chunks in target regions: which team runs which
! iteration, and that each runs once. A host build (libomp's teams) deals
! chunks round-robin in team order, as OpenMP says.
program dist_chunks
  use omp_lib
  implicit none
  integer :: owner(12), cnt(12), i, j, c
  integer(8) :: k
  integer :: grid(4, 3)

  owner = -1
  !$omp target teams distribute num_teams(3) dist_schedule(static, 2) map(tofrom: owner)
  do i = 1, 12
    owner(i) = omp_get_team_num()
  end do
  print '(a,12i2)', 'constant  ', owner

  c = 3
  owner = -1
  cnt = 0
  !$omp target teams distribute parallel do num_teams(2) dist_schedule(static, c) schedule(static, 2) map(tofrom: owner, cnt)
  do i = 1, 12
    owner(i) = omp_get_team_num()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  print '(a,12i2)', 'runtime   ', owner
  print '(a,12i2)', 'count     ', cnt

  owner = -1
  !$omp target teams distribute parallel do simd num_teams(4) dist_schedule(static, c - 1) map(tofrom: owner)
  do i = 12, 1, -1
    owner(i) = omp_get_team_num()
  end do
  print '(a,12i2)', 'simd, down', owner

  owner = -1
  !$omp target teams num_teams(3) map(tofrom: owner)
  !$omp distribute dist_schedule(static, 5)
  do k = 1_8, 12_8
    owner(k) = omp_get_team_num()
  end do
  !$omp end target teams
  print '(a,12i2)', 'kind 8    ', owner

  grid = -1
  !$omp target teams distribute collapse(2) num_teams(2) dist_schedule(static, 5) map(tofrom: grid)
  do j = 1, 3
    do i = 1, 4
      grid(i, j) = omp_get_team_num()
    end do
  end do
  print '(a,12i2)', 'collapse  ', grid

  cnt = 0
  !$omp target parallel do schedule(static, 5) map(tofrom: cnt)
  do i = 1, 12
    cnt(i) = cnt(i) + 1
  end do
  print '(a,12i2)', 'schedule  ', cnt
end program
