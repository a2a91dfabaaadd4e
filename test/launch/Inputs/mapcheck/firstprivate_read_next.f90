! Region 1 sets tmp (firstprivate: lost); region 2 reads tmp expecting
! region 1's value 6: a real bug (true finding expected). Expected answer
! computed as the program meant it: b = 6.
program firstprivate_read_next
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), tmp
  integer :: i
  a = 3.0
  tmp = 0.0
  !$omp target map(to: a)
  tmp = a(1) * 2.0
  !$omp end target
  !$omp target map(tofrom: b)
  do i = 1, n
    b(i) = tmp
  end do
  !$omp end target
  print *, merge('OK   ', 'WRONG', all(b == 6.0))
end program
