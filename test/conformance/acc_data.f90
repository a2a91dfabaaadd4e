! OpenACC 3.3 structured data: copy, copyin, copyout, create, present,
! no_create, nested regions, if(), default(present).
program acc_data
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, m
  logical :: on
  a = [(i, i = 1, n)]
  b = 0
  c = 0
  !$acc data copy(a)
  !$acc parallel loop
  do i = 1, n
    a(i) = a(i) * 2
  end do
  !$acc end data
  call check_i('copy', sum(a), n * (n + 1))

  a = [(i, i = 1, n)]
  !$acc data copyin(a) copyout(b)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = a(i) + 1
  end do
  !$acc end data
  call check_i('copyin_copyout_present', sum(b), n * (n + 1) / 2 + n)

  !$acc data copyin(a) create(c) copyout(b)
  !$acc parallel loop
  do i = 1, n
    c(i) = a(i) * 3
  end do
  !$acc parallel loop
  do i = 1, n
    b(i) = c(i) - a(i)
  end do
  !$acc end data
  call check_i('create', sum(b), n * (n + 1))

  ! Nested: the inner copyin finds a present and changes nothing.
  b = 0
  !$acc data copyout(b)
  !$acc data copyin(a) copy(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = 5 * a(i)
  end do
  !$acc end data
  !$acc end data
  call check_i('nested', sum(b), 5 * n * (n + 1) / 2)

  ! no_create of data that is present uses it.
  b = 1
  !$acc data copy(b)
  !$acc parallel loop no_create(b)
  do i = 1, n
    b(i) = b(i) + i
  end do
  !$acc end data
  call check_i('no_create_present', sum(b), n + n * (n + 1) / 2)

  ! if(.false.): the data region does nothing, the compute region copies.
  on = .false.
  b = 0
  !$acc data copy(b) if(on)
  !$acc parallel loop copy(b)
  do i = 1, n
    b(i) = i
  end do
  !$acc end data
  call check_i('data_if_false', sum(b), n * (n + 1) / 2)
  on = .true.
  b = 0
  !$acc data copy(b) if(on)
  !$acc parallel loop default(present)
  do i = 1, n
    b(i) = 2 * i
  end do
  !$acc end data
  call check_i('data_if_true_default_present', sum(b), n * (n + 1))

  ! A scalar in a data region.
  m = 3
  !$acc data copy(m)
  !$acc serial
  m = m + 4
  !$acc end serial
  !$acc end data
  call check_i('scalar_copy', m, 7)
contains
  include 'check.fi'
end program acc_data
