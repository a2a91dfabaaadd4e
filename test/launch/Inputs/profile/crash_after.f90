! Two kernels, then a crash (abort: no exit handlers, no OMPT finalize):
! the record keeps what came before it.
program crash_after
  implicit none
  integer, parameter :: n = 128
  real :: x(n)
  integer :: i, k
  x = 0.0
  do k = 1, 2
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, n
      x(i) = x(i) + 1.0
    end do
  end do
  print '(a,f4.1)', 'x(1) = ', x(1)
  flush(6)
  call abort()
end program crash_after
