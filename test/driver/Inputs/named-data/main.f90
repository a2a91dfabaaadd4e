program main
  implicit none
  interface
    real(8) function weigh(i)
      integer, intent(in) :: i
      !$omp declare target
    end function
  end interface
  real(8) :: s
  integer :: i
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 6
    s = s + weigh(i)
  end do
  print '(a, f6.2)', 'weighed on the device: ', s
end program
