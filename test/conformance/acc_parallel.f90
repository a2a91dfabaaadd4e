! OpenACC 3.3 parallel construct clauses: num_gangs, num_workers,
! vector_length, private, firstprivate, reduction, if, async/wait,
! default(none), copy/copyin/copyout/create/present, plus parallel loop.
program acc_parallel
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), b(n), i, s, t, k
  logical :: on
  a = [(i, i = 1, n)]
  b = 0
  !$acc parallel loop num_gangs(4) num_workers(2) vector_length(32) copyin(a) copyout(b)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  call check_i('sizes', sum(b), n * (n + 1))

  ! A region without loop: gang-redundant work written once per gang.
  s = 0
  !$acc parallel num_gangs(1) copy(s)
  s = s + 5
  !$acc end parallel
  call check_i('region_one_gang', s, 5)

  ! firstprivate starts from the host value; private is the loop's own.
  k = 3
  !$acc parallel loop firstprivate(k) private(t) copy(b)
  do i = 1, n
    t = k * i
    b(i) = t
  end do
  call check_i('firstprivate_private', sum(b), 3 * n * (n + 1) / 2)

  s = 0
  !$acc parallel loop reduction(+:s) copyin(a)
  do i = 1, n
    s = s + a(i)
  end do
  call check_i('reduction', s, n * (n + 1) / 2)

  ! reduction on the parallel construct, loop inside.
  s = 0
  !$acc parallel reduction(+:s) copyin(a)
  !$acc loop reduction(+:s)
  do i = 1, n
    s = s + 2 * a(i)
  end do
  !$acc end parallel
  call check_i('reduction_on_parallel', s, n * (n + 1))

  on = .false.
  b = 0
  !$acc parallel loop if(on) copy(b)
  do i = 1, n
    b(i) = i
  end do
  call check_i('if_false', sum(b), n * (n + 1) / 2)
  on = .true.
  b = 0
  !$acc parallel loop if(on) copy(b)
  do i = 1, n
    b(i) = 2 * i
  end do
  call check_i('if_true', sum(b), n * (n + 1))

  b = 0
  !$acc parallel loop default(none) copyin(a) copy(b)
  do i = 1, 100
    b(i) = a(i) + 1
  end do
  call check_i('default_none', sum(b), n * (n + 1) / 2 + n)

  b = 0
  !$acc parallel loop async(2) copyin(a) copy(b)
  do i = 1, n
    b(i) = a(i) - 1
  end do
  !$acc parallel loop async(3) wait(2) copy(b)
  do i = 1, n
    b(i) = b(i) * 2
  end do
  !$acc wait
  call check_i('async_wait_clause', sum(b), n * (n + 1) - 2 * n)
contains
  include 'check.fi'
end program acc_parallel
