! A data region holding two 16 MB arrays through 40 kernels, with a copy
! back and a host read every 10: the checked launch's hashing and host
! watching at the scale of a real solver's inner loop.
program mapcheck_heavy
  implicit none
  integer, parameter :: n = 4 * 1024 * 1024
  real, allocatable :: a(:), b(:)
  real :: total
  integer :: i, it
  allocate (a(n), b(n))
  a = 1.0
  b = 2.0
  total = 0.0
  !$omp target data map(tofrom: a) map(to: b)
  do it = 1, 40
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = a(i) + 0.5 * b(i)
    end do
    if (mod(it, 10) == 0) then
      !$omp target update from(a)
      total = total + a(1)
    end if
  end do
  !$omp end target data
  print '(a,f10.1)', 'total = ', total
end program
