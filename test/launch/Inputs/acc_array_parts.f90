! OpenACC: two subarrays of one array in one compute construct.
program acc_parts
  implicit none
  real :: v(8)
  integer :: i
  v = 1.0
  !$acc parallel loop copyin(v(1:4)) copy(v(5:8))
  do i = 5, 8
    v(i) = v(i) + 2 * v(i-4)
  end do
  print '(a,8f4.0)', 'acc:', v
end program
