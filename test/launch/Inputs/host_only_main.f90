! A target region calling a procedure of another file.
program host_only_main
  use coefs
  implicit none
  real(8) :: a(10)
  integer :: i
  !$omp target teams distribute parallel do map(from: a)
  do i = 1, 10
    a(i) = twice(dble(i))
  end do
  print '(a,f8.1)', 'sum', sum(a)
end program host_only_main
