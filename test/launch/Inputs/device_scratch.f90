! Device-only scratch: entered, written by a kernel, never released nor
! read on the host (right); then a twin whose host reads the array the
! kernel changed (wrong: the host sees its own older values).
program device_scratch
  implicit none
  real(8), allocatable :: tmp(:), res(:)
  real(8) :: s
  integer :: i
  allocate(tmp(100), res(100))
  tmp = 0
  res = 0
  !$omp target enter data map(to: tmp, res)
  s = 0
  !$omp target teams distribute parallel do reduction(+:s)
  do i = 1, 100
    tmp(i) = i
    s = s + tmp(i)
    res(i) = 2 * i
  end do
  print *, 's =', s
  print *, 'res(100) =', res(100)
end program
