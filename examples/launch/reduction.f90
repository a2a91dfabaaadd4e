! Sum reduction in a target region: sum(1..n) computed on the device.
program reduction
  implicit none
  integer, parameter :: n = 100000
  real(8) :: x(n), s
  integer :: i
  do i = 1, n
    x(i) = real(i, 8)
  end do
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) map(to: x) map(tofrom: s)
  do i = 1, n
    s = s + x(i)
  end do
  print '(a,f14.1)', 'sum = ', s
  if (s == real(n, 8) * (n + 1) / 2) then
    print '(a)', 'reduction: ok'
  else
    error stop 'reduction: WRONG RESULT'
  end if
end program reduction
