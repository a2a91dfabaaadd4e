! `declare target link` data read and written by declare target procedures
! (and an OpenACC `routine`) that a region calls while the data is mapped.
module linked
  implicit none
  real(8) :: tab(8)
  integer :: hits
  !$omp declare target link(tab, hits)
contains
  real(8) function lookup(i)
    !$omp declare target
    integer, intent(in) :: i
    lookup = tab(i)
  end function
  subroutine scale(i, f)
    !$omp declare target
    integer, intent(in) :: i
    real(8), intent(in) :: f
    tab(i) = tab(i) * f
  end subroutine
end module

program link_in_procedures
  use linked
  implicit none
  real(8) :: out(8)
  integer :: i
  do i = 1, 8
    tab(i) = i
  end do
  out = -1
  !$omp target data map(tofrom: tab)
  !$omp target teams distribute parallel do map(from: out)
  do i = 1, 8
    out(i) = lookup(i)
    call scale(i, 2d0)
  end do
  !$omp end target data
  print '(a,8f5.1)', 'read: ', out
  print '(a,8f5.1)', 'written: ', tab
end program
