! OpenACC 3.3 num_gangs with several values (one per gang dimension).
program acc_num_gangs_dims
  implicit none
  integer, parameter :: n = 40
  integer :: b(n), i
  b = 0
  !$acc parallel loop num_gangs(2, 2) copy(b)
  do i = 1, n
    b(i) = i
  end do
  call check_i('num_gangs_2d', sum(b), n * (n + 1) / 2)

contains
  include 'check.fi'
end program acc_num_gangs_dims
