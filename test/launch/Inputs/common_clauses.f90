! Common blocks in clauses that flang-22 lowers to another program: the
! items after a common block in copyin, and a firstprivate of a block that
! a later clause of the same program unit names as private.
program common_clauses
  use omp_lib
  implicit none
  integer :: tx, ts, cx, cz, bad
  common /t1/ tx
  common /t2/ ts
  !$omp threadprivate(/t1/, /t2/)
  common /c1/ cx, cz
  tx = 1
  ts = 2
  bad = 0
  !$omp parallel num_threads(4) copyin(/t1/, /t2/) reduction(+:bad)
  if (tx /= 1 .or. ts /= 2) bad = bad + 1
  !$omp end parallel
  print '(a,i0)', 'copyin, threads without the values: ', bad
  cx = 7
  cz = 70
  bad = 0
  !$omp parallel num_threads(4) firstprivate(/c1/) reduction(+:bad)
  if (cx /= 7 .or. cz /= 70) bad = bad + 1
  !$omp end parallel
  print '(a,i0)', 'firstprivate, threads without the values: ', bad
  !$omp parallel num_threads(4) private(/c1/)
  cx = omp_get_thread_num()
  !$omp end parallel
end program common_clauses
