! Loops with a negative or run-time step, in every form that becomes a
! sequential loop (OpenACC on the host; seq loops on a device) or an
! OpenMP loop nest.
program negative_step
  implicit none
  integer, parameter :: n = 32
  integer :: v(n), w(n, 4), i, j, s, total
  s = -5

  v = 0
  !$acc parallel loop copy(v)
  do i = n, 1, -3
    v(i) = i
  end do
  print '(a, i0)', 'acc_parallel_loop ', sum(v)

  v = 0
  !$acc parallel loop copy(v)
  do i = n - 1, 2, s
    v(i) = 1
  end do
  print '(a, i0)', 'acc_runtime_step ', sum(v)

  v = 0
  !$acc parallel loop copy(v)
  do i = 1, n, -1
    v(i) = 1
  end do
  print '(a, i0)', 'acc_zero_trips ', sum(v)

  w = 0
  !$acc parallel loop copy(w)
  do j = 1, 4
    !$acc loop seq
    do i = n, 1, -2
      w(i, j) = j
    end do
  end do
  print '(a, i0)', 'acc_seq_inner ', sum(w)

  total = 0
  !$acc serial copy(total)
  do i = 10, 1, -4
    total = total + i
  end do
  !$acc end serial
  print '(a, i0)', 'acc_serial ', total

end program negative_step
