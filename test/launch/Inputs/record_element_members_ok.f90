! Components of one element of an array of derived type map right: one
! component, two of the same element, an element chosen at run time, and
! the elements whole.
program record_element_members_ok
  type t
    real :: a(4)
    integer :: n
  end type
  type(t) :: ts(3)
  integer :: i, k, j
  do i = 1, 3
    ts(i)%a = i
    ts(i)%n = i
  end do
  k = 2
  !$omp target map(tofrom: ts(2)%a)
  ts(2)%a = ts(2)%a + 10
  !$omp end target
  !$omp target map(tofrom: ts(3)%a, ts(3)%n)
  ts(3)%a = ts(3)%a + ts(3)%n
  ts(3)%n = 7
  !$omp end target
  !$omp target map(tofrom: ts(k)%a, ts(k)%n)
  ts(k)%a = ts(k)%a + 100
  ts(k)%n = -1
  !$omp end target
  !$omp target map(tofrom: ts(1:3))
  ts(1)%a = ts(1)%a + ts(3)%a
  !$omp end target
  print '(4f7.1, i4, 4f7.1, i4, 4f7.1)', ts(2)%a, ts(2)%n, ts(3)%a, ts(3)%n, ts(1)%a
  ! The same element, one subscript a constant and one a variable: told
  ! apart only at run time, where they are equal.
  j = 3
  !$omp target map(tofrom: ts(3)%a, ts(j)%n)
  ts(3)%a = ts(3)%a + ts(j)%n
  ts(j)%n = 0
  !$omp end target
  print '(4f7.1, i4)', ts(3)%a, ts(3)%n
end program
