! flang-22 (OpenMP 5.2) reports "stride cannot be specified on an array
! section" for this `target update`, exits 0 and maps the whole array: the
! program would print 4820 (every element copied back) instead of 2820.
program update_stride
  implicit none
  real(8) :: a(40)
  integer :: i
  a = [(dble(i), i = 1, 40)]
  !$omp target data map(tofrom: a)
  !$omp target teams distribute parallel do
  do i = 1, 40
    a(i) = a(i) + 100
  end do
  !$omp target update from(a(2:40:2))
  print '(a,f10.1)', 'strided update: ', sum(a)
  !$omp end target data
end program
