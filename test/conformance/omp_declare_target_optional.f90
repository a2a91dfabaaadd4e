! declare target procedures with optional and assumed-shape dummies called
! from kernels (present and absent, column sections of a 2-D array), and
! character and logical arrays mapped. Expected values are computed on the
! host by the same procedures.
module omp_declare_target_optional_mod
  implicit none
contains
  real(8) function wsum(x, w) result(r)
    !$omp declare target
    real(8), intent(in) :: x(:)
    real(8), intent(in), optional :: w(:)
    integer :: i
    r = 0
    if (present(w)) then
      do i = 1, size(x)
        r = r + x(i) * w(i)
      end do
    else
      do i = 1, size(x)
        r = r + x(i)
      end do
    end if
  end function wsum

  subroutine scale_opt(x, f)
    !$omp declare target
    real(8), intent(inout) :: x(:)
    real(8), intent(in), optional :: f
    if (present(f)) then
      x = x * f
    else
      x = -x
    end if
  end subroutine scale_opt

  logical function isvowel(c)
    !$omp declare target
    character, intent(in) :: c
    isvowel = index('aeiouAEIOU', c) > 0
  end function isvowel
end module omp_declare_target_optional_mod

program omp_declare_target_optional
  use omp_declare_target_optional_mod
  implicit none
  integer, parameter :: n = 10, m = 8, nc = 41
  real(8) :: x(m, n), xh(m, n), w(m), r1(n), r2(n), e1, e2
  character :: txt(nc)
  character(len=5) :: words(6), hwords(6)
  logical :: flags(nc), wflag(6), hflag(6)
  integer :: i, j, hv
  character(len=nc) :: line = 'The quick brown fox jumps over a lazy dog'
  do j = 1, n
    do i = 1, m
      x(i, j) = real(i + j, 8)
    end do
  end do
  do i = 1, m
    w(i) = real(i, 8) * 0.25d0
  end do
  do i = 1, nc
    txt(i) = line(i:i)
  end do
  words = ['alpha', 'bravo', 'chars', 'delta', 'echo ', 'fox  ']
  hwords = words

  !$omp target teams distribute parallel do map(to: x, w) map(from: r1, r2)
  do j = 1, n
    r1(j) = wsum(x(:, j), w)
    r2(j) = wsum(x(:, j))
  end do
  e1 = 0
  e2 = 0
  do j = 1, n
    e1 = e1 + wsum(x(:, j), w)
    e2 = e2 + wsum(x(:, j))
  end do
  call check_r('optional_present', sum(r1), e1)
  call check_r('optional_absent', sum(r2), e2)

  xh = x
  !$omp target map(tofrom: x)
  call scale_opt(x(:, 1), 3.0d0)
  call scale_opt(x(:, 2))
  !$omp end target
  call scale_opt(xh(:, 1), 3.0d0)
  call scale_opt(xh(:, 2))
  call check_r('assumed_shape_columns', sum(x(:, 1:3)), sum(xh(:, 1:3)))

  !$omp target teams distribute parallel do map(to: txt) map(from: flags)
  do i = 1, nc
    flags(i) = isvowel(txt(i))
  end do
  hv = 0
  do i = 1, nc
    if (isvowel(txt(i))) hv = hv + 1
  end do
  call check_i('logical_array_from', count(flags), hv)

  !$omp target teams distribute parallel do map(tofrom: words) map(from: wflag)
  do i = 1, 6
    wflag(i) = words(i)(1:1) == 'd' .or. words(i)(5:5) == ' '
    words(i)(1:1) = achar(iachar(words(i)(1:1)) - 32)
  end do
  do i = 1, 6
    hflag(i) = hwords(i)(1:1) == 'd' .or. hwords(i)(5:5) == ' '
    hwords(i)(1:1) = achar(iachar(hwords(i)(1:1)) - 32)
  end do
  call check_l('character_array_tofrom', all(words == hwords), .true.)
  call check_l('logical_array_flags', all(wflag .eqv. hflag), .true.)
contains
  include 'check.fi'
end program omp_declare_target_optional
