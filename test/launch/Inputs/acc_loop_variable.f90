! DO variables in OpenACC compute regions: the code after a loop reads the
! variable's final value (Fortran's: 11 after do i = 1, 10), and a loop
! variable is private to the region, so the host's keeps its value.
program acc_loop_variable
  implicit none
  integer :: i, k, j, m, last, s, b(4), a(10)
  i = 77
  last = -1
  s = 0
  !$acc serial copy(last, s)
  do i = 1, 10
    s = s + i
  end do
  last = i
  !$acc end serial
  print '(a,i4,a,i4,a,i4)', 'serial  s', s, ' after', last, ' host i', i

  !$acc kernels copy(last) copyout(a)
  do i = 1, 10
    a(i) = i
  end do
  last = i
  !$acc end kernels
  print '(a,i4,a,i4)', 'kernels after', last, ' a(10)', a(10)

  last = 0
  !$acc parallel copy(last) num_gangs(1)
  do i = 1, 7, 2
    last = i
  end do
  last = last * 100 + i
  !$acc end parallel
  print '(a,i6)', 'parallel', last

  ! The inner loop's variable, per iteration of the outer one.
  m = 6
  !$acc parallel loop copyout(b)
  do j = 1, 4
    do k = 1, m + j
    end do
    b(j) = k
  end do
  print '(a,4i4)', 'nested', b

  ! A descending loop, and one that runs no iteration.
  !$acc serial copy(last)
  do i = 10, 1, -3
  end do
  last = i
  do k = 5, 1
  end do
  last = last * 100 + k
  !$acc end serial
  print '(a,i6)', 'steps', last
end program acc_loop_variable
