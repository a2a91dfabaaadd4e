program main
  implicit none
  integer, parameter :: n = 100
  real(8) :: a(n), s
  integer :: i
  a = 1
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 2 * a(i)
  end do
  call total(a, n, s)
  print *, 'sum on device', s, '(expect 200)'
  !$omp target exit data map(from: a)
end program
