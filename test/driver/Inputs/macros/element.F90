! A reduction item a macro spells: the element flang-22 would reduce as
! the whole array.
#define FIRST a(1)
program element
  implicit none
  integer :: i, a(3)
  a = 100
  !$omp parallel do reduction(+:FIRST)
  do i = 1, 3
    if (i == 1) then
      a(1) = a(1) + 1
    else
      a(i) = 5
    end if
  end do
  print *, a
end program element
