! Calls the driver's teams reduction fifty times.
program teams_tally_main
  implicit none
  integer :: n, round, bad
  bad = 0
  do round = 1, 50
    call tally(n)
    if (n /= 4000) bad = bad + 1
  end do
  print '(a,i5,a,i3)', 'last', n, ' rounds wrong', bad
end program teams_tally_main
