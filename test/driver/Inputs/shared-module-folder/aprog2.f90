! Program A again, reaching the module through an include file and a
! continued use statement: the common block still comes from its module.
subroutine bump2()
  include 'usepool.inc'
  implicit none
  !$omp target
  w = w + 1.0
  !$omp end target
end subroutine bump2

program aprog2
  use &
    pool
  implicit none
  w = 1.0
  !$omp target update to(w)
  call bump2()
  !$omp target update from(w)
  if (w == 2.0) then
    print '(a,f4.1)', 'A2 PASS ', w
  else
    print '(a,f4.1)', 'A2 FAIL ', w
  end if
end program aprog2
