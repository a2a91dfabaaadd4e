program main2
  use field
  implicit none
  integer :: i
  call setup(6)
  call grow(4)
  !$acc update device(f)
  !$acc parallel loop present(f)
  do i = 1, 4
    f(i) = 10 * f(i)
  end do
  !$acc update self(f)
  print '(a,2f6.1)', 'f(1), f(4):', f(1), f(4)
end program
