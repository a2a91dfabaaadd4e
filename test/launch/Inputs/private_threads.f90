! Two host threads: one launches a long region that only privatizes w (or
! firstprivatizes it), the other, a little later, a region mapping w tofrom
! that reads it and writes it. OpenMP maps no private list item, so the
! second construct copies w in and out itself.
program private_threads
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  real(8) :: w(n), s, t0, acc
  integer :: i, j, pass
  do pass = 1, 2
    w = 3
    s = 0
    acc = 0
    !$omp parallel sections num_threads(2) private(t0, i, j)
    !$omp section
    if (pass == 1) then
      !$omp target map(tofrom: acc)
      do j = 1, 100000
        !$omp parallel do private(w) reduction(+:acc)
        do i = 1, n
          w(i) = i * j
          acc = acc + sqrt(w(i)) * 1d-9
        end do
      end do
      !$omp end target
    else
      !$omp target map(tofrom: acc)
      do j = 1, 100000
        !$omp parallel do firstprivate(w) reduction(+:acc)
        do i = 1, n
          w(i) = w(i) + j
          acc = acc + sqrt(w(i)) * 1d-9
        end do
      end do
      !$omp end target
    end if
    !$omp section
    t0 = omp_get_wtime()
    do while (omp_get_wtime() - t0 < 0.2d0)
    end do
    !$omp target map(tofrom: w) map(from: s)
    s = sum(w)
    w(1) = 100
    !$omp end target
    !$omp end parallel sections
    print '(a, a, 2f8.1)', merge('PASS ', 'FAIL ', s == 3d0 * n .and. &
        w(1) == 100d0), merge('private:'//'     ', 'firstprivate:', pass == 1), &
        s, w(1)
  end do
end program
