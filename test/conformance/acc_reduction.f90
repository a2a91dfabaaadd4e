! OpenACC 3.3 reductions of every operator and type, one subroutine per
! group (integer, real and complex, logical and reduction levels).

! OpenACC 3.3 loop reduction, integer operators: + * max min iand ior ieor
! on integer(4) and integer(8); each starts from a value that is not the
! operator's identity, which the result must include.
subroutine acc_reduction_int
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), p(n), bits(n), i, r, e
  integer(8) :: a8(n), r8, e8
  do i = 1, n
    a(i) = mod(i * 37, 101) - 50
    p(i) = merge(2, 1, mod(i, 10) == 0)
    bits(i) = ieor(-1, ishft(1, mod(i, 20)))
    a8(i) = int(i, 8) * 3000000000_8
  end do

  r = 7
  !$acc parallel loop reduction(+:r) copyin(a)
  do i = 1, n
    r = r + a(i)
  end do
  e = 7
  do i = 1, n
    e = e + a(i)
  end do
  call check_i('add_i4', r, e)

  r = 3
  !$acc parallel loop reduction(*:r) copyin(p)
  do i = 1, n
    r = r * p(i)
  end do
  call check_i('mul_i4', r, 3 * product(p))

  r = -1000
  !$acc parallel loop reduction(max:r) copyin(a)
  do i = 1, n
    r = max(r, a(i))
  end do
  call check_i('max_i4', r, maxval(a))

  r = 1000
  !$acc parallel loop reduction(min:r) copyin(a)
  do i = 1, n
    r = min(r, a(i))
  end do
  call check_i('min_i4', r, minval(a))

  r = not(1)
  !$acc parallel loop reduction(iand:r) copyin(bits)
  do i = 1, n
    r = iand(r, bits(i))
  end do
  e = not(1)
  do i = 1, n
    e = iand(e, bits(i))
  end do
  call check_i('iand_i4', r, e)

  r = ishft(1, 25)
  !$acc parallel loop reduction(ior:r) copyin(bits)
  do i = 1, n
    r = ior(r, not(bits(i)))
  end do
  e = ishft(1, 25)
  do i = 1, n
    e = ior(e, not(bits(i)))
  end do
  call check_i('ior_i4', r, e)

  r = 12345
  !$acc parallel loop reduction(ieor:r) copyin(a)
  do i = 1, n
    r = ieor(r, a(i))
  end do
  e = 12345
  do i = 1, n
    e = ieor(e, a(i))
  end do
  call check_i('ieor_i4', r, e)

  r8 = 1_8
  !$acc parallel loop reduction(+:r8) copyin(a8)
  do i = 1, n
    r8 = r8 + a8(i)
  end do
  call check_i8('add_i8', r8, 1_8 + sum(a8))

  r8 = 0_8
  !$acc parallel loop reduction(max:r8) copyin(a8)
  do i = 1, n
    r8 = max(r8, a8(i))
  end do
  call check_i8('max_i8', r8, maxval(a8))

  e8 = huge(1_8)
  r8 = e8
  !$acc parallel loop reduction(min:r8) copyin(a8)
  do i = 1, n
    r8 = min(r8, a8(i))
  end do
  call check_i8('min_i8', r8, minval(a8))
contains
  include 'check.fi'
end subroutine acc_reduction_int

! OpenACC 3.3 loop reduction, real operators: + * max min on real(4) and
! real(8), and + * on complex(4).
subroutine acc_reduction_real
  implicit none
  integer, parameter :: n = 100
  real(4) :: x(n), r4, e4
  real(8) :: y(n), r8, e8
  complex(4) :: z(n), rc, ec
  integer :: i
  do i = 1, n
    x(i) = real(mod(i * 13, 97), 4) / 8.0
    y(i) = real(mod(i * 29, 89), 8) / 4.0d0 - 10.0d0
    z(i) = cmplx(real(mod(i, 3), 4), real(mod(i, 5), 4) / 4.0, 4)
  end do

  r4 = 1.5
  !$acc parallel loop reduction(+:r4) copyin(x)
  do i = 1, n
    r4 = r4 + x(i)
  end do
  call check_r('add_r4', real(r4, 8), real(1.5 + sum(x), 8))

  r4 = 0.5
  !$acc parallel loop reduction(*:r4)
  do i = 1, 20
    r4 = r4 * merge(2.0, 1.0, mod(i, 2) == 0)
  end do
  call check_r('mul_r4', real(r4, 8), 512.0d0)

  r4 = -1.0e30
  !$acc parallel loop reduction(max:r4) copyin(x)
  do i = 1, n
    r4 = max(r4, x(i))
  end do
  call check_r('max_r4', real(r4, 8), real(maxval(x), 8))

  r4 = 1.0e30
  !$acc parallel loop reduction(min:r4) copyin(x)
  do i = 1, n
    r4 = min(r4, x(i))
  end do
  call check_r('min_r4', real(r4, 8), real(minval(x), 8))

  r8 = 2.25d0
  !$acc parallel loop reduction(+:r8) copyin(y)
  do i = 1, n
    r8 = r8 + y(i)
  end do
  e8 = 2.25d0
  do i = 1, n
    e8 = e8 + y(i)
  end do
  call check_r('add_r8', r8, e8)

  r8 = -3.0d0
  !$acc parallel loop reduction(*:r8)
  do i = 1, 30
    r8 = r8 * merge(1.5d0, 1.0d0, mod(i, 3) == 0)
  end do
  call check_r('mul_r8', r8, -3.0d0 * 1.5d0**10)

  r8 = -1.0d300
  !$acc parallel loop reduction(max:r8) copyin(y)
  do i = 1, n
    r8 = max(r8, y(i))
  end do
  call check_r('max_r8', r8, maxval(y))

  r8 = 1.0d300
  !$acc parallel loop reduction(min:r8) copyin(y)
  do i = 1, n
    r8 = min(r8, y(i))
  end do
  call check_r('min_r8', r8, minval(y))

  rc = (1.0, -1.0)
  !$acc parallel loop reduction(+:rc) copyin(z)
  do i = 1, n
    rc = rc + z(i)
  end do
  ec = (1.0, -1.0) + sum(z)
  call check_r('add_c4_re', real(real(rc), 8), real(real(ec), 8))
  call check_r('add_c4_im', real(aimag(rc), 8), real(aimag(ec), 8))

  rc = (1.0, 0.0)
  !$acc parallel loop reduction(*:rc)
  do i = 1, 8
    rc = rc * (0.0, 1.0)
  end do
  call check_r('mul_c4_re', real(real(rc), 8), 1.0d0)
  call check_r('mul_c4_im', real(aimag(rc), 8), 0.0d0)
contains
  include 'check.fi'
end subroutine acc_reduction_real

! OpenACC 3.3 loop reduction, logical operators: .and. .or. .eqv. .neqv.,
! and reductions on gang/worker/vector levels and in kernels/serial.
subroutine acc_reduction_logical
  implicit none
  integer, parameter :: n = 60
  logical :: f(n), r, e
  integer :: a(n, n), i, j, s, e_s
  do i = 1, n
    f(i) = mod(i, 7) /= 0
  end do

  r = .true.
  !$acc parallel loop reduction(.and.:r) copyin(f)
  do i = 1, n
    r = r .and. f(i)
  end do
  call check_l('and', r, all(f))

  r = .false.
  !$acc parallel loop reduction(.or.:r) copyin(f)
  do i = 1, n
    r = r .or. .not. f(i)
  end do
  call check_l('or', r, .not. all(f))

  r = .true.
  !$acc parallel loop reduction(.eqv.:r) copyin(f)
  do i = 1, n
    r = r .eqv. f(i)
  end do
  e = .true.
  do i = 1, n
    e = e .eqv. f(i)
  end do
  call check_l('eqv', r, e)

  r = .false.
  !$acc parallel loop reduction(.neqv.:r) copyin(f)
  do i = 1, n
    r = r .neqv. f(i)
  end do
  e = .false.
  do i = 1, n
    e = e .neqv. f(i)
  end do
  call check_l('neqv', r, e)

  ! A reduction across gangs of an inner vector reduction.
  do j = 1, n
    do i = 1, n
      a(i, j) = mod(i + 2 * j, 11)
    end do
  end do
  s = 0
  !$acc parallel loop gang reduction(+:s) copyin(a)
  do j = 1, n
    !$acc loop vector reduction(+:s)
    do i = 1, n
      s = s + a(i, j)
    end do
  end do
  call check_i('gang_vector_levels', s, sum(a))

  s = 0
  !$acc parallel loop collapse(2) reduction(+:s) copyin(a)
  do j = 1, n
    do i = 1, n
      s = s + a(i, j) * i
    end do
  end do
  e_s = 0
  do j = 1, n
    do i = 1, n
      e_s = e_s + a(i, j) * i
    end do
  end do
  call check_i('collapse_reduction', s, e_s)
contains
  include 'check.fi'
end subroutine acc_reduction_logical

program acc_reduction
  implicit none
  call acc_reduction_int()
  call acc_reduction_real()
  call acc_reduction_logical()
end program acc_reduction
