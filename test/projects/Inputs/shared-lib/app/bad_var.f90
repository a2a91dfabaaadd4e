module appmod
  use phys_consts
  implicit none
contains
  real(8) function scaled(x)
    !$omp declare target
    real(8), intent(in) :: x
    scaled = x * gain
  end function scaled
end module appmod
program main
  use appmod
  implicit none
  real(8) :: b(4)
  integer :: i
  gain = 0.75d0
  !$omp target update to(gain)
  gain = 100d0
  !$omp target map(from: b)
  do i = 1, 4
    b(i) = scaled(real(i, 8))
  end do
  !$omp end target
  print '(A,4F12.6)', 'got  ', b
end program main
