! Firstprivate that a kernel argument cannot carry by copy (arrays, real(10),
! complex(8)): mapped `to` and copied in the region. Each writer changes
! its copy only; the host values stay as they were.
subroutine fp_loop(n, x, w, e, c)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  real, intent(inout) :: w(4)
  real(10), intent(inout) :: e
  complex(8), intent(inout) :: c
  integer :: i
  ! One copy per thread: each iteration overwrites w(1) before reading it.
  !$acc parallel loop firstprivate(w, e, c) copy(x)
  do i = 1, n
    w(1) = real(i)
    e = e + 1.0_10
    x(i) = x(i) + w(1) + w(2) + w(3) + w(4) + real(real(c))
  end do
end subroutine fp_loop

subroutine fp_gang(n, x, w)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  real, intent(inout) :: w(4)
  integer :: i
  !$acc parallel loop gang firstprivate(w) copy(x)
  do i = 1, n
    w(2) = 2.0 * real(i)
    x(i) = x(i) + w(2) + w(4)
  end do
end subroutine fp_gang

subroutine fp_redundant(n, x, w, t)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n), t
  real, intent(inout) :: w(4)
  integer :: i
  ! Code around the loop: the gang's copy, changed before the loop.
  !$acc parallel firstprivate(w) copy(x) copyout(t)
  w(3) = w(3) * 10.0
  !$acc loop vector
  do i = 1, n
    x(i) = x(i) + w(3)
  end do
  t = w(3)
  !$acc end parallel
end subroutine fp_redundant

subroutine fp_serial(w, t)
  implicit none
  real, intent(inout) :: w(4), t
  integer :: j
  !$acc serial firstprivate(w) copyout(t)
  do j = 2, 4
    w(j) = w(j) + w(j - 1)
  end do
  t = w(4)
  !$acc end serial
end subroutine fp_serial
