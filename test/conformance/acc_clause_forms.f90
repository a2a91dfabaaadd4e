! OpenACC 3.3 data clause forms: copyin(readonly:), the present_or_
! aliases, private and firstprivate arrays.
program acc_clause_forms
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n), c(n), w(4), i, k
  a = [(i, i = 1, n)]
  b = 0
  !$acc parallel loop copyin(readonly: a) copyout(b)
  do i = 1, n
    b(i) = a(i) + 1
  end do
  call check_i('copyin_readonly', sum(b), n * (n + 1) / 2 + n)

  b = 0
  !$acc parallel loop pcopyin(a) pcopy(b) pcreate(c)
  do i = 1, n
    c(i) = a(i)
    b(i) = c(i) * 2
  end do
  call check_i('present_or_aliases', sum(b), n * (n + 1))

  ! A private array per iteration, a firstprivate array from the host.
  w = [1, 2, 3, 4]
  b = 0
  !$acc parallel loop firstprivate(w) copy(b)
  do i = 1, n
    b(i) = w(mod(i, 4) + 1)
  end do
  call check_i('firstprivate_array', sum(b), 10 * n / 4)

  b = 0
  !$acc parallel loop private(w) copy(b)
  do i = 1, n
    do k = 1, 4
      w(k) = i + k
    end do
    b(i) = w(4) - w(1)
  end do
  call check_i('private_array', sum(b), 3 * n)
contains
  include 'check.fi'
end program acc_clause_forms
