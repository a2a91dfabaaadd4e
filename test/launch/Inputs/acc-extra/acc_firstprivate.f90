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

! if(flag): the device copy for .true.; the host branch acc-if-clause-
! lowering keeps for .false. gets its own copy too.
subroutine fp_if(n, x, w, k, flag)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n), w(4)
  integer, intent(inout) :: k
  logical, intent(in) :: flag
  integer :: i
  !$acc parallel loop firstprivate(w, k) copy(x) if(flag)
  do i = 1, n
    w(1) = real(i)
    k = k + 1
    x(i) = x(i) + w(1) + w(4)
  end do
end subroutine fp_if

! A firstprivate present on the device (copyin by the data region) starts
! from the host's value when the construct is met, as a scalar does.
subroutine fp_present(n, x, w, s)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n), w(4), s
  integer :: i
  !$acc data copyin(w, s)
  w(3) = 50.0
  s = 60.0
  !$acc parallel loop firstprivate(w, s) copy(x)
  do i = 1, n
    x(i) = w(3) + s
  end do
  !$acc end data
end subroutine fp_present

! Gang-redundant code before a gang loop with num_gangs: the firstprivate
! copy writes only the team's copy, so the loop's bounds still come from
! the host.
subroutine fp_gangs(n, x, w, t)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n), w(4), t
  integer :: i
  !$acc parallel num_gangs(2) firstprivate(w) copy(x, t)
  t = 1.0
  !$acc loop gang
  do i = 1, n
    x(i) = x(i) + w(2)
  end do
  !$acc end parallel
end subroutine fp_gangs
