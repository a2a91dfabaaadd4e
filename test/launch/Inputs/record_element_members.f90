! Components of two elements of one array of derived type on one
! directive: refused on a device (flang-22 maps them as members of the
! first element's copy alone).
program record_element_members
  type t
    real :: a(4)
    integer :: n
  end type
  type(t) :: ts(3)
  integer :: i
  do i = 1, 3
    ts(i)%a = i
    ts(i)%n = i
  end do
  !$omp target map(to: ts(1)%a) map(tofrom: ts(3)%a)
  ts(3)%a = ts(3)%a + ts(1)%a
  !$omp end target
  print *, ts(3)%a
end program
