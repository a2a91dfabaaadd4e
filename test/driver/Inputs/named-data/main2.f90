program main2
  implicit none
  interface
    real(8) function pick(i)
      integer, intent(in) :: i
      !$omp declare target
    end function
  end interface
  real(8) :: s
  integer :: i
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 4
    s = s + pick(i)
  end do
  print '(a, f7.2)', 'picked on the device: ', s
end program
