! implied_do_private.f90 with private(ip), as the refusal says.
program implied_do_private
  implicit none
  integer :: a(0:99), ip, bad, rep
  character(len=400) :: buf, expect
  a = [(ip * 11, ip = 0, 99)]
  write (expect, '(100i4)') (a(ip), ip = 0, 99)
  bad = 0
  ip = 777
  do rep = 1, 200
    !$omp parallel private(buf, ip) reduction(+:bad) num_threads(4)
    write (buf, '(100i4)') (a(ip), ip = 0, 99)
    if (buf /= expect) bad = bad + 1
    !$omp end parallel
  end do
  print '(a,i0,a,i0)', 'ip after the regions: ', ip, ', garbled lines: ', bad
  ! In a single region one thread writes: not refused.
  !$omp parallel num_threads(2)
  !$omp single
  write (buf, '(3i4)') (a(ip), ip = 0, 2)
  !$omp end single
  !$omp end parallel
end program implied_do_private
