program finalmain
  use finals
  implicit none
  integer :: total
  !$omp target map(from: total)
  total = 0
  block
    type(resource) :: r
    r%id = 7
  end block
  total = released
  !$omp end target
  print '(a, i0)', 'released on the device: ', total
end program
