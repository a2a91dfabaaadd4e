! Correct programs the outside-section check must leave alone: host threads
! each running the same target region on a section of their own (the
! span must be each thread's), and a stencil's section map inside a data
! region that holds the whole array (the halo is on the device).
program halo_section_ok
  implicit none
  integer, parameter :: n = 64, parts = 4
  real :: a(0:n+1), b(n), c(n)
  integer :: i, p, lo, hi
  a = 1.0
  b = 0.0
  !$omp parallel do private(lo, hi, i) num_threads(parts)
  do p = 1, parts
    lo = (p - 1) * (n / parts) + 1
    hi = p * (n / parts)
    !$omp target teams distribute parallel do map(to: a(lo:hi)) map(tofrom: b(lo:hi))
    do i = lo, hi
      b(i) = 2.0 * a(i)
    end do
  end do
  !$omp target data map(to: a)
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: c)
  do i = 1, n
    c(i) = 0.5 * (a(i-1) + a(i+1))
  end do
  !$omp end target data
  print '(a,f5.1,f5.1)', 'b, c:', sum(b) / n, sum(c) / n
end program
