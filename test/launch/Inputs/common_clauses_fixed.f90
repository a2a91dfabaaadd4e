! common_clauses.f90 as ompx asks it to be written: each common block in
! its own copyin clause, the firstprivate naming the block's variables.
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
  !$omp parallel num_threads(4) copyin(/t1/) copyin(/t2/) reduction(+:bad)
  if (tx /= 1 .or. ts /= 2) bad = bad + 1
  !$omp end parallel
  print '(a,i0)', 'copyin, threads without the values: ', bad
  cx = 7
  cz = 70
  bad = 0
  !$omp parallel num_threads(4) firstprivate(cx, cz) reduction(+:bad)
  if (cx /= 7 .or. cz /= 70) bad = bad + 1
  !$omp end parallel
  print '(a,i0)', 'firstprivate, threads without the values: ', bad
  !$omp parallel num_threads(4) private(/c1/)
  cx = omp_get_thread_num()
  !$omp end parallel
end program common_clauses
