program ia
  implicit none
  integer :: a(10), i
  a = 0
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, 10
    call note(i)
  end do
  print '(10i3)', a
contains
  subroutine note(i)
    !$omp declare target
    integer, intent(in) :: i
    a(i) = i
  end subroutine
end program
