! Kernels whose data an enter data already put on the device: their
! map(to:)/map(from:) moves nothing, so the write stays on the device for
! the update/exit that copies it back, and the read finds the entered
! copy. No finding on either; the deleted copy is judged as before.
program entered
  implicit none
  real :: u(10), w(10), d(10)
  integer :: i
  u = 1.0
  w = 1.0
  d = 1.0
  !$omp target enter data map(to: u, w, d)
  !$omp target teams distribute parallel do map(to: u)
  do i = 1, 10
    u(i) = u(i) + 1.0
  end do
  !$omp target update from(u)
  !$omp target teams distribute parallel do map(from: w)
  do i = 1, 10
    w(i) = w(i) + 1.0
  end do
  !$omp target exit data map(from: w)
  !$omp target exit data map(delete: d)
  !$omp target teams distribute parallel do map(to: d)
  do i = 1, 10
    d(i) = d(i) + 1.0
  end do
  print *, sum(u), sum(w), sum(d)
  !$omp target exit data map(delete: u)
end program
