program libmain
  implicit none
  integer, parameter :: n = 100
  real(8) :: a(n), s
  integer :: i
  a = 1
  call double_on_device(a, n)
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(to: a) map(tofrom: s)
  do i = 1, n
    s = s + a(i)
  end do
  print *, 'sum on device', s
  call leave_device(a, n)
end program
