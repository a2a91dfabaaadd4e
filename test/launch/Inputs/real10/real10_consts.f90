! REAL(10) constants flang folds (1/3, an array constructor, 0.1 in a
! target region): not doubles, so their text must be read exactly.
program real10_consts
  implicit none
  real(10) :: x, y(3), z(4)
  integer :: i
  x = 1.0_10 / 3.0_10
  y = [(real(i, 10) / 3.0_10, i = 1, 3)]
  !$omp target map(from: z)
  do i = 1, 4
    z(i) = 0.1_10 * i
  end do
  !$omp end target
  print '(a,es26.19e2)', 'x ', x
  print '(a,3es26.19e2)', 'y ', y
  print '(a,es26.19e2)', 'z ', sum(z)
end program real10_consts
