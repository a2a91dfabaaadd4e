! `tmp` is an automatic scratch array the target region fills and uses:
! mapped `to` (as a template), written, never read on the host afterwards.
! `keep` is read after the loop's next kernel; `acc` at the top of the
! loop's next iteration.
subroutine smooth(n, x, y)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: y(n)
  real :: tmp(n), keep(n), acc(n), s
  integer :: i, it
  tmp = 0.0
  keep = 0.0
  acc = 0.0
  !$omp target map(to: x, tmp) map(from: y)
  do i = 1, n
    tmp(i) = 2.0 * x(i)
  end do
  do i = 1, n
    y(i) = tmp(i) + 1.0
  end do
  !$omp end target
  !$omp target map(to: x, keep)
  do i = 1, n
    keep(i) = x(i)
  end do
  !$omp end target
  s = sum(keep)
  do it = 1, 2
    s = s + acc(1)
    !$omp target map(to: acc)
    acc(1) = acc(1) + 1.0
    !$omp end target
  end do
  y(1) = s
end subroutine
