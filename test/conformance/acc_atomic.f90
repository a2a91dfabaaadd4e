! OpenACC 3.3 atomics: read, write, update forms, then capture forms (last:
! a capture that hangs loses only its own checks).

! OpenACC 3.3 atomic read, write and update forms inside parallel loops.
subroutine acc_atomic_ops
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), x, y, i, e, bits
  real(8) :: d
  a = [(mod(i * 11, 67) - 30, i = 1, n)]

  x = 0
  !$acc parallel loop copy(x) copyin(a)
  do i = 1, n
    !$acc atomic update
    x = x + a(i)
  end do
  call check_i('update_add', x, sum(a))

  x = 0
  !$acc parallel loop copy(x)
  do i = 1, n
    !$acc atomic
    x = i + x
  end do
  call check_i('update_add_reversed_no_clause', x, n * (n + 1) / 2)

  x = 1000
  !$acc parallel loop copy(x)
  do i = 1, n
    !$acc atomic update
    x = x - i
  end do
  call check_i('update_sub', x, 1000 - n * (n + 1) / 2)

  x = 1
  !$acc parallel loop copy(x)
  do i = 1, 12
    !$acc atomic update
    x = x * 2
  end do
  call check_i('update_mul', x, 4096)

  x = -1000
  !$acc parallel loop copy(x) copyin(a)
  do i = 1, n
    !$acc atomic update
    x = max(x, a(i))
  end do
  call check_i('update_max', x, maxval(a))

  x = 1000
  !$acc parallel loop copy(x) copyin(a)
  do i = 1, n
    !$acc atomic update
    x = min(a(i), x)
  end do
  call check_i('update_min', x, minval(a))

  x = -1
  !$acc parallel loop copy(x)
  do i = 1, 20
    !$acc atomic update
    x = iand(x, not(ishft(1, i)))
  end do
  bits = -1
  do i = 1, 20
    bits = iand(bits, not(ishft(1, i)))
  end do
  call check_i('update_iand', x, bits)

  x = 0
  !$acc parallel loop copy(x)
  do i = 0, 9
    !$acc atomic update
    x = ior(x, ishft(1, i))
  end do
  call check_i('update_ior', x, 1023)

  x = 0
  !$acc parallel loop copy(x)
  do i = 1, n
    !$acc atomic update
    x = ieor(x, i)
  end do
  e = 0
  do i = 1, n
    e = ieor(e, i)
  end do
  call check_i('update_ieor', x, e)

  d = 0.5d0
  !$acc parallel loop copy(d)
  do i = 1, n
    !$acc atomic update
    d = d + real(i, 8) * 0.25d0
  end do
  call check_r('update_add_r8', d, 0.5d0 + 0.25d0 * n * (n + 1) / 2)

  x = 0
  !$acc parallel loop copy(x)
  do i = 1, n
    !$acc atomic write
    x = 42
  end do
  call check_i('write', x, 42)

  x = 17
  y = 0
  !$acc serial copy(x, y)
  !$acc atomic read
  y = x
  !$acc end serial
  call check_i('read', y, 17)
contains
  include 'check.fi'
end subroutine acc_atomic_ops

! OpenACC 3.3 atomic capture: read-then-update, update-then-read, and
! read-then-write (swap) forms.
subroutine acc_atomic_capture
  implicit none
  integer, parameter :: n = 40
  integer :: slot(n), after(n), x, i, t, e
  logical :: seen(0:n)

  x = 0
  !$acc parallel loop copy(x) copyout(slot) private(t)
  do i = 1, n
    !$acc atomic capture
    t = x
    x = x + 1
    !$acc end atomic
    slot(i) = t
  end do
  ! Every ticket 0..n-1 handed out exactly once.
  seen = .false.
  e = 0
  do i = 1, n
    if (slot(i) >= 0 .and. slot(i) < n) then
      if (.not. seen(slot(i))) e = e + 1
      seen(slot(i)) = .true.
    end if
  end do
  call check_i('read_then_update', e, n)
  call check_i('read_then_update_final', x, n)

  x = 0
  !$acc parallel loop copy(x) copyout(after) private(t)
  do i = 1, n
    !$acc atomic capture
    x = x + 2
    t = x
    !$acc end atomic
    after(i) = t
  end do
  call check_i('update_then_read_max', maxval(after), 2 * n)
  call check_i('update_then_read_sum', sum(after), n * (n + 1))

  x = 5
  t = 0
  !$acc serial copy(x, t)
  !$acc atomic capture
  t = x
  x = 9
  !$acc end atomic
  !$acc end serial
  call check_i('swap_old', t, 5)
  call check_i('swap_new', x, 9)
contains
  include 'check.fi'
end subroutine acc_atomic_capture

program acc_atomic
  implicit none
  call acc_atomic_ops()
  call acc_atomic_capture()
end program acc_atomic
