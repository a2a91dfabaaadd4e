! `include 'omp_lib.h'`, OpenMP's legacy form of omp_lib: flang-22's
! driver does not find LLVM's file ("Source file 'omp_lib.h' was not
! found").
program include_free
  implicit none
  include 'omp_lib.h'
  integer :: t
  t = -1
  !$omp target map(from: t)
  t = omp_get_team_num() + omp_get_num_teams()
  !$omp end target
  print '(a, i0)', 'free form: ', t
end program
