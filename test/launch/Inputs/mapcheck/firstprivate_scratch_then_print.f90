! Region 1 writes tmp (firstprivate); region 2 uses tmp as scratch (writes
! it before reading); then the host prints tmp expecting the regions'
! value: a real loss (region 2's), which must still be reported.
program fp_scratch_then_print
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), tmp
  integer :: i
  a = 1.0
  b = 0.0
  tmp = 0.0
  !$omp target map(tofrom: a)
  do i = 1, n
    tmp = a(i) * 2.0
    a(i) = tmp + 1.0
  end do
  !$omp end target
  !$omp target map(to: a) map(tofrom: b)
  do i = 1, n
    tmp = a(i) + 1.0
    b(i) = tmp
  end do
  !$omp end target
  print *, merge('OK   ', 'WRONG', tmp == 4.0)
end program
