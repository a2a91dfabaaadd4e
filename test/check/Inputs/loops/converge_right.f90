! Correct loops in data regions: an update from before each host read, an
! update under a condition (not followed: no finding), a loop left by `exit`,
! an enter/exit data pair in the loop body, and a convergence flag copied
! back before the loop tests it.
program converge_right
  implicit none
  integer, parameter :: n = 128
  real :: u(n), w(n), v(n), err
  logical :: done
  integer :: i, it
  u = 1.0
  w = 1.0
  v = 1.0
  err = 1.0
  it = 0
  !$omp target data map(tofrom: u, w) map(alloc: done)
  do while (err > 0.1 .and. it < 50)
    it = it + 1
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = u(i) * 0.5
      w(i) = w(i) + 1.0
    end do
    !$omp target update from(u)
    err = maxval(u)
    if (mod(it, 5) == 0) then
      !$omp target update from(w)
      print *, w(1)
    end if
  end do
  do
    !$omp target enter data map(to: v)
    !$omp target teams distribute parallel do
    do i = 1, n
      v(i) = v(i) * 0.5
    end do
    !$omp target exit data map(from: v)
    if (v(1) < 0.1) exit
  end do
  done = .false.
  do while (.not. done)
    !$omp target map(tofrom: done)
    done = v(1) < 0.01
    v(1) = v(1) * 0.5
    !$omp end target
    !$omp target update from(done)
  end do
  !$omp end target data
  print *, it, w(1), v(1)
end program
