! OpenACC parallel loops that leave iterations early: cycle in the loop,
! and a sequential search loop with exit inside it.
program acc_loop_exit
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), first(n), i, j, s
  a = [(i, i = 1, n)]
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a)
  do i = 1, n
    if (mod(a(i), 2) == 0) cycle
    s = s + a(i)
  end do
  call check_i('cycle', s, (n / 2) * (n / 2))

  first = 0
  !$acc parallel loop copy(first)
  do i = 1, n
    do j = 1, n
      if (j * j >= i) then
        first(i) = j
        exit
      end if
    end do
  end do
  s = 0
  do i = 1, n
    do j = 1, n
      if (j * j >= i) exit
    end do
    s = s + j
  end do
  call check_i('inner_exit', sum(first), s)

contains
  include 'check.fi'
end program acc_loop_exit
