! A reduction of one array element whose loop also assigns other elements:
! OpenMP reduces a(1) alone (109) and leaves the assignments (5); flang-22
! reduces all of a, so each assigned element comes out as its old value
! plus the new one (105).
program element_reduction
  implicit none
  integer :: a(10), i
  a = 100
  !$omp parallel do reduction(+:a(1)) num_threads(4)
  do i = 2, 10
    a(1) = a(1) + 1
    a(i) = 5
  end do
  print '(10i4)', a
end program
