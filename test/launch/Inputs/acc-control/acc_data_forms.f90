! OpenACC data and compute constructs inside Fortran IF and DO blocks, in
! a subroutine with explicit-shape and allocatable arrays: enter data with
! if(), exit data (copyout, delete, finalize), kernels copy, serial loop
! reduction(*), plain parallel and serial regions. Each result is compared
! with the same code run without OpenACC.
module data_forms
contains
  subroutine step(a, b, n, on, p)
    integer :: n
    real :: a(n)
    real, allocatable :: b(:)
    logical :: on
    real :: p, t(n)
    integer :: i, k
    if (on) then
      !$acc enter data copyin(a) create(b, t) if(on)
    end if
    do k = 1, 3
      !$acc parallel loop present(a, b, t)
      do i = 1, n
        t(i) = a(i) * k
        b(i) = t(i)
        a(i) = a(i) + t(i)
      end do
    end do
    if (on) then
      !$acc exit data copyout(a, b) delete(t)
    else
      !$acc exit data copyout(a, b) finalize
    end if
    if (n > 3) then
      !$acc kernels copy(b)
      b(1:3) = 5.0
      b(n) = sum(b(1:3))
      !$acc end kernels
    end if
    do k = 1, 2
      !$acc serial loop reduction(*:p)
      do i = 1, 3
        p = p * 1.5
      end do
    end do
    if (on) then
      !$acc parallel copy(b)
      b(2) = p
      !$acc end parallel
      !$acc serial copy(b)
      b(n - 1) = b(2) + 1.0
      !$acc end serial
    end if
  end subroutine
end module

program acc_data_forms
  use data_forms
  implicit none
  integer, parameter :: n = 10
  real :: a(n), ra(n), p, rp
  real, allocatable :: b(:), rb(:)
  integer :: i, k
  allocate(b(n), rb(n))
  do i = 1, n
    a(i) = i
  end do
  b = 0.0
  p = 2.0
  call step(a, b, n, .true., p)
  ! The same without OpenACC.
  ra = [(real(i), i = 1, n)]
  do k = 1, 3
    rb = ra * k
    ra = ra + rb
  end do
  rb(1:3) = 5.0
  rb(n) = sum(rb(1:3))
  rp = 2.0
  do k = 1, 6
    rp = rp * 1.5
  end do
  rb(2) = rp
  rb(n - 1) = rb(2) + 1.0
  call check('enter/exit data, parallel loop in DO', all(a == ra), sum(a))
  call check('serial loop reduction(*) in DO', p == rp, p)
  call check('kernels copy, parallel, serial in IF', all(b == rb), sum(b))
contains
  subroutine check(what, ok, v)
    character(*) :: what
    logical :: ok
    real :: v
    if (ok) then
      print '(a, ": ", f0.2, " ok")', what, v
    else
      print '(a, ": ", f0.2, " FAIL")', what, v
    end if
  end subroutine
end program
