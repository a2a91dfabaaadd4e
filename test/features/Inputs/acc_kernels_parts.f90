! acc-to-omp splits a kernels region into parts only when it has several
! loop nests (or code between them); one loop nest that is not partitioned
! (flang marks kernels loops `auto`) becomes one omp.target on one thread.
subroutine one_part(n, a, w)
  integer :: n, i
  real :: a(n), w(n)
  !$acc kernels copyin(a) copyout(w)
  do i = 1, n
    w(i) = a(i)
  end do
  !$acc end kernels
end subroutine

subroutine two_parts(n, a, w)
  integer :: n, i
  real :: a(n), w(n)
  !$acc kernels copyin(a) copyout(w)
  do i = 1, n
    w(i) = a(i)
  end do
  do i = 1, n
    w(i) = w(i) * 2.0
  end do
  !$acc end kernels
end subroutine
