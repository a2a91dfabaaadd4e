! Never ends on its own: for --timeout and cancellation tests.
program spin
  implicit none
  integer, volatile :: k
  k = 0
  print '(a)', 'spinning'
  flush(6)
  do while (k >= 0)
    k = mod(k + 1, 1000)
  end do
end program spin
