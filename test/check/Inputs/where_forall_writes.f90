! Host WHERE and FORALL statements that change mapped data inside a data
! region: a kernel after them without `target update to` reads the old
! device copy; with the update it does not.
program where_forall_writes
  implicit none
  integer, parameter :: n = 16
  real :: a(n), b(n), c(n)
  integer :: i
  a = [(real(i) - 8.5, i = 1, n)]
  c = 1.0
  !$omp target data map(to: a, c) map(from: b)
  where (a < 0.0) a = 0.0
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = a(i)
  end do
  forall (i = 1:n) c(i) = c(i) + i
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = b(i) + c(i)
  end do
  where (a > 4.0) a = 4.0
  !$omp target update to(a)
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = b(i) + a(i)
  end do
  !$omp end target data
  print *, sum(b)
end program
