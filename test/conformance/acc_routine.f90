! OpenACC 3.3 routine: seq functions and subroutines called from compute
! regions, a vector routine with its own loop, a routine calling another.
module acc_routine_mod
  implicit none
contains
  integer function square(i)
    !$acc routine seq
    integer, value :: i
    square = i * i
  end function square

  integer function twice_square(i)
    !$acc routine seq
    integer, value :: i
    twice_square = 2 * square(i)
  end function twice_square

  subroutine add_to(x, v)
    !$acc routine seq
    integer, intent(inout) :: x
    integer, intent(in) :: v
    x = x + v
  end subroutine add_to

  subroutine row_sum(m, row, s)
    !$acc routine vector
    integer, intent(in) :: m
    integer, intent(in) :: row(m)
    integer, intent(out) :: s
    integer :: k
    s = 0
    !$acc loop vector reduction(+:s)
    do k = 1, m
      s = s + row(k)
    end do
  end subroutine row_sum
end module acc_routine_mod

real(8) function half(x)
  !$acc routine seq
  real(8), value :: x
  half = x / 2.0d0
end function half

program acc_routine
  use acc_routine_mod
  implicit none
  interface
    real(8) function half(x)
      !$acc routine seq
      real(8), value :: x
    end function half
  end interface
  integer, parameter :: n = 50, m = 16
  integer :: a(n), b(n), t(m, n), s(n), i, j, e
  real(8) :: h(n)
  a = [(i, i = 1, n)]
  !$acc parallel loop copyin(a) copyout(b)
  do i = 1, n
    b(i) = square(a(i))
  end do
  call check_i('seq_function', sum(b), n * (n + 1) * (2 * n + 1) / 6)

  !$acc parallel loop copyin(a) copyout(b)
  do i = 1, n
    b(i) = twice_square(a(i))
  end do
  call check_i('nested_routine', sum(b), n * (n + 1) * (2 * n + 1) / 3)

  b = 1
  !$acc parallel loop copyin(a) copy(b)
  do i = 1, n
    call add_to(b(i), a(i))
  end do
  call check_i('seq_subroutine', sum(b), n + n * (n + 1) / 2)

  !$acc parallel loop copyout(h)
  do i = 1, n
    h(i) = half(real(i, 8))
  end do
  call check_r('external_function', sum(h), n * (n + 1) / 4.0d0)

  do j = 1, n
    do i = 1, m
      t(i, j) = i + j
    end do
  end do
  !$acc parallel loop gang copyin(t) copyout(s)
  do j = 1, n
    call row_sum(m, t(:, j), s(j))
  end do
  e = 0
  do j = 1, n
    e = e + sum(t(:, j))
  end do
  call check_i('vector_routine', sum(s), e)
contains
  include 'check.fi'
end program acc_routine
