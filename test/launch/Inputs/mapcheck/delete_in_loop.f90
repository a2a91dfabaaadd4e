! exit data map(delete:) inside the time loop: the first step's result is
! dropped, and the next step's kernel map copies the host's old values in,
! which come back at its end.
program delete_in_loop
  implicit none
  integer, parameter :: n = 32
  real :: a(n)
  integer :: i, s
  a = 0.0
  !$omp target enter data map(to: a)
  do s = 1, 3
    !$omp target teams distribute parallel do
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
    !$omp target exit data map(delete: a)
  end do
  print *, a(1)
end program
