! The host changes elements of a present array; each kernel writes those
! elements before it reads them (and reads others, unchanged): no kernel
! uses an old device value.
program stale_overwritten_ok
  implicit none
  integer, parameter :: n = 8
  real :: a(n), b(n), c(n), s
  integer :: i
  a = 1.0
  b = 2.0
  !$omp target enter data map(to: a, b)
  a(2) = 5.0
  a(n) = 6.0
  !$omp target map(from: s)
  a(2) = 7.0
  a(n) = a(1) + 1.0
  s = a(2) + a(n) + a(3)
  !$omp end target
  b(3) = 9.0
  !$omp target teams distribute parallel do map(from: c)
  do i = 1, n
    b(i) = real(i)
    c(i) = b(i) * 2.0
  end do
  b(1) = -1.0
  !$omp target
  b = 4.0
  b(1) = b(1) + 1.0
  !$omp end target
  !$omp target exit data map(from: a, b)
  if (s == 10.0 .and. a(2) == 7.0 .and. c(3) == 6.0 .and. b(1) == 5.0) then
    print '(a)', 'OK'
  else
    print '(a,4f6.1)', 'WRONG ', s, a(2), c(3), b(1)
  end if
end program
