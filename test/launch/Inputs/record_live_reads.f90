! Correct: a kernel changes one component of present records; the host
! reads another record's allocatable component (its descriptor too)
! before the exit. Nothing to report: the descriptors' base addresses
! differ on each side by design.
program record_live_reads
  implicit none
  type t
    real, allocatable :: v(:)
    integer :: n
  end type
  type(t) :: xs(12)
  integer :: i
  do i = 1, 12
    allocate(xs(i)%v(2)); xs(i)%v = 1; xs(i)%n = 1
  end do
  !$omp target enter data map(to: xs)
  !$omp target map(tofrom: xs)
  xs(1)%n = 100
  !$omp end target
  print '(a, f4.0)', 'host v (1):', xs(2)%v(1)
  !$omp target exit data map(from: xs)
  print '(a, i4, f4.0)', 'after exit (100 1):', xs(1)%n, xs(2)%v(1)
end program
