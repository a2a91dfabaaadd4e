! Program A: an external procedure of another file counts on the device.
subroutine bump()
  use pool
  implicit none
  !$omp target
  hits = hits + 5
  w = 2.0
  !$omp end target
end subroutine bump

program aprog
  use pool
  implicit none
  hits = 1
  w = 0.0
  !$omp target update to(hits)
  call bump()
  !$omp target update from(hits)
  !$omp target map(from: w)
  !$omp end target
  if (hits == 6) then
    print '(a,i0)', 'A PASS ', hits
  else
    print '(a,i0)', 'A FAIL ', hits
  end if
end program aprog
