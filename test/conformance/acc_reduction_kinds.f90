! OpenACC 3.3 loop reductions on the small and single kinds: integer(1),
! integer(2), real(4), complex(4), logical(1), and a gang loop's reduction
! repeated by its vector loop (+ on integer(8), max on integer(2)).
program acc_reduction_kinds
  implicit none
  integer, parameter :: n = 64
  integer(1) :: i1, v1(n), e1
  integer(2) :: i2, v2(n), e2
  integer(8) :: i8, e8
  real(4) :: r4, w4(n), f4
  complex(4) :: z4, y4
  logical(1) :: l1
  integer :: i, k
  do i = 1, n
    v1(i) = int(mod(i, 7) - 3, 1)
    v2(i) = int(mod(i * 13, 17) - 8, 2)
    w4(i) = real(i) * 0.25
  end do

  i1 = 5
  !$acc parallel loop reduction(+:i1)
  do i = 1, n
    i1 = i1 + v1(i)
  end do
  e1 = 5
  do i = 1, n
    e1 = e1 + v1(i)
  end do
  call check_i('add_i1', int(i1), int(e1))

  i1 = 100
  !$acc parallel loop reduction(min:i1)
  do i = 1, n
    i1 = min(i1, v1(i))
  end do
  call check_i('min_i1', int(i1), int(minval(v1)))

  i2 = 3
  !$acc parallel loop reduction(+:i2)
  do i = 1, n
    i2 = i2 + v2(i)
  end do
  call check_i('add_i2', int(i2), 3 + int(sum(v2)))

  i2 = 0
  !$acc parallel loop reduction(ior:i2)
  do i = 1, n
    i2 = ior(i2, int(ishft(1, mod(i, 15)), 2))
  end do
  e2 = 0
  do i = 1, n
    e2 = ior(e2, int(ishft(1, mod(i, 15)), 2))
  end do
  call check_i('ior_i2', int(i2), int(e2))

  i2 = -1
  !$acc parallel loop reduction(iand:i2)
  do i = 1, n
    i2 = iand(i2, int(not(ishft(1, mod(i, 5))), 2))
  end do
  e2 = -1
  do i = 1, n
    e2 = iand(e2, int(not(ishft(1, mod(i, 5))), 2))
  end do
  call check_i('iand_i2', int(i2), int(e2))

  r4 = 1.0
  !$acc parallel loop reduction(+:r4)
  do i = 1, n
    r4 = r4 + w4(i)
  end do
  f4 = 1.0
  do i = 1, n
    f4 = f4 + w4(i)
  end do
  call check_r('add_r4', dble(r4), dble(f4))

  r4 = -1.0e30
  !$acc parallel loop reduction(max:r4)
  do i = 1, n
    r4 = max(r4, -w4(i))
  end do
  call check_r('max_r4_negative', dble(r4), dble(-w4(1)))

  z4 = (1.0, 2.0)
  !$acc parallel loop reduction(+:z4)
  do i = 1, n
    z4 = z4 + cmplx(w4(i), -real(i))
  end do
  y4 = (1.0, 2.0)
  do i = 1, n
    y4 = y4 + cmplx(w4(i), -real(i))
  end do
  call check_r('add_c4_re', dble(real(z4)), dble(real(y4)))
  call check_r('add_c4_im', dble(aimag(z4)), dble(aimag(y4)))

  l1 = .false.
  !$acc parallel loop reduction(.or.:l1)
  do i = 1, n
    l1 = l1 .or. (v1(i) == 3)
  end do
  call check_l('or_l1', logical(l1), any(v1 == 3))

  i8 = 0
  !$acc parallel loop gang reduction(+:i8)
  do i = 1, 8
    !$acc loop vector reduction(+:i8)
    do k = 1, 16
      i8 = i8 + i * k
    end do
  end do
  e8 = 0
  do i = 1, 8
    do k = 1, 16
      e8 = e8 + i * k
    end do
  end do
  call check_i8('gang_vector_add_i8', i8, e8)

  i2 = 0
  !$acc parallel loop gang reduction(max:i2)
  do i = 1, 8
    !$acc loop vector reduction(max:i2)
    do k = 1, 16
      i2 = max(i2, int(i * k - mod(k * 7, 11), 2))
    end do
  end do
  e2 = 0
  do i = 1, 8
    do k = 1, 16
      e2 = max(e2, int(i * k - mod(k * 7, 11), 2))
    end do
  end do
  call check_i('gang_vector_max_i2', int(i2), int(e2))
contains
  include 'check.fi'
end program acc_reduction_kinds
