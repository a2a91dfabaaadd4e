! A scratch array entered from the host at every step, filled by a kernel,
! read by another and deleted: the host never wants the device's values.
program scratch_steps_ok
  implicit none
  integer, parameter :: n = 32
  real :: w(n), y(n)
  integer :: i, s
  w = 0.0
  y = 0.0
  !$omp target enter data map(to: y)
  do s = 1, 3
    !$omp target enter data map(to: w)
    !$omp target teams distribute parallel do
    do i = 1, n
      w(i) = real(s * i)
    end do
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = y(i) + w(i)
    end do
    !$omp target exit data map(delete: w)
  end do
  !$omp target exit data map(from: y)
  print *, y(1)
end program
