! linear(k:3): k leaves the loop with its last iteration's value (905).
program linear_dynamic
  implicit none
  integer :: i, k, a(300)
  k = 5
  if (command_argument_count() == 0) then
    !$omp parallel do linear(k:3) schedule(dynamic, 7)
    do i = 1, 300
      a(i) = k
      k = k + 3
    end do
    print '(a,i0)', 'dynamic: ', k
  end if
  k = 5
  !$omp parallel do linear(k:3) schedule(static, 7)
  do i = 1, 300
    a(i) = k
    k = k + 3
  end do
  print '(a,i0)', 'static: ', k
end program linear_dynamic
