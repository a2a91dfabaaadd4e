! Driver for corpus/flang/omp/omp_teams: teams_limits adds 1 on the device
! and subtracts it again in a host teams region; target_if_device negates.
program main
  implicit none
  integer, parameter :: n = 300
  real :: a(n)
  integer :: i, bad

  a = [(real(i), i = 1, n)]
  call teams_limits(n, a)
  bad = count(a /= [(real(i), i = 1, n)])
  call check('teams_limits', bad)
  call target_if_device(n, a, .true.)
  bad = count(a /= [(-real(i), i = 1, n)])
  call check('target_if_device(.true.)', bad)
  call target_if_device(n, a, .false.)
  bad = count(a /= [(real(i), i = 1, n)])
  call check('target_if_device(.false.)', bad)
contains
  include 'check.fi'
end program main
