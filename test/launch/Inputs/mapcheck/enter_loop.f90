! Double precision data entered `to`, doubled by a kernel three times; the
! host takes its maximum each time without an update from (a double's low
! half is 0 on both sides: the whole word is compared).
program enter_loop
  implicit none
  integer, parameter :: n = 512
  double precision :: u(n), norm
  integer :: i, it
  u = 1.0d0
  !$omp target enter data map(to: u)
  do it = 1, 3
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) * 2.0d0
    end do
    norm = maxval(u)
  end do
  !$omp target exit data map(from: u)
  if (norm == 8.0d0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
