! enter data of components of two elements: the same members of one
! element's map, refused too.
program record_element_members_enter
  type t
    real :: a(4)
    integer :: n
  end type
  type(t) :: ts(3)
  ts(1)%n = 1
  ts(2)%n = 2
  !$omp target enter data map(to: ts(1)%n, ts(2)%n)
  print *, ts(2)%n
end program
