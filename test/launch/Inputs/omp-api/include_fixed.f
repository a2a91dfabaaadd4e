C     The same in fixed form, where the file's continuation lines are
C     column 6 ones.
      program include_fixed
      implicit none
      include 'omp_lib.h'
      integer t
      t = -1
!$omp target map(from: t)
      t = omp_get_team_num() + omp_get_num_teams()
!$omp end target
      print '(a, i0)', 'fixed form: ', t
      end program
