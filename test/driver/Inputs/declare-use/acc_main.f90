program acc_declare_use
  use acc_state
  implicit none
  real(8) :: y(10)
  integer :: i
  call init()
  ! No data clause: the module's device variables, written here.
  !$acc serial
  cnt = cnt + 1
  tab(1) = 100
  !$acc end serial
  !$acc parallel loop copyout(y)
  do i = 1, 10
    y(i) = look(i)
  end do
  !$acc update self(cnt, tab)
  print '(a, f8.1, a, f4.1)', 'sum ', sum(y), ' cnt ', cnt
end program
