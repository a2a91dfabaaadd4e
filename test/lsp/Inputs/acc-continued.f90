subroutine copy(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$acc parallel loop copyin(a) &
  !$acc& copyout(b)
  do i = 1, n
    b(i) = a(i)
  end do
end subroutine
