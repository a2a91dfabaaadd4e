! The OpenACC data API has no acc-to-omp form: a call is refused at its
! line, by name, before anything is linked.
program acc_data_api
  use openacc
  implicit none
  real :: a(100)
  integer :: i
  a = 1
  call acc_copyin(a)
  !$acc parallel loop present(a)
  do i = 1, 100
    a(i) = 2 * a(i)
  end do
  print *, sum(a)
end program acc_data_api
