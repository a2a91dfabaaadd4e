! A convergence flag the kernel writes and the `do while` condition tests at
! the top of the next iteration: in a data region, and in a loop between
! enter and exit data.
program converge_flag
  implicit none
  integer, parameter :: n = 128
  real :: u(n)
  logical :: done, fin
  integer :: i, it
  u = 1.0
  done = .false.
  it = 0
  !$omp target data map(tofrom: u) map(to: done)
  do while (.not. done)
    it = it + 1
    !$omp target map(tofrom: done)
    done = .true.
    do i = 1, n
      u(i) = u(i) * 0.5
      if (u(i) > 0.01) done = .false.
    end do
    !$omp end target
  end do
  !$omp end target data
  fin = .false.
  !$omp target enter data map(to: u, fin)
  do while (.not. fin)
    !$omp target map(tofrom: fin)
    fin = u(1) < 0.5
    u(1) = u(1) * 0.5
    !$omp end target
  end do
  !$omp target exit data map(from: u) map(delete: fin)
  print *, it, u(1)
end program
