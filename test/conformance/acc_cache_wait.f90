! OpenACC 3.3 cache directive in a loop, and wait forms with async queues.
program acc_cache_wait
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, e
  a = [(i, i = 1, n)]
  !$acc parallel loop copyin(a) copyout(b)
  do i = 2, n - 1
    !$acc cache(a(i-1:i+1))
    b(i) = a(i - 1) + a(i) + a(i + 1)
  end do
  e = 0
  do i = 2, n - 1
    e = e + 3 * i
  end do
  call check_i('cache_stencil', sum(b(2:n - 1)), e)

  b = 0
  c = 0
  !$acc data copyin(a) copy(b, c)
  !$acc parallel loop async(1)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$acc parallel loop async(2)
  do i = 1, n
    c(i) = a(i) * 3
  end do
  !$acc wait(1, 2)
  !$acc parallel loop
  do i = 1, n
    c(i) = c(i) + b(i)
  end do
  !$acc end data
  call check_i('wait_list', sum(c), 5 * n * (n + 1) / 2)

  b = 0
  !$acc data copy(b)
  !$acc parallel loop async(5)
  do i = 1, n
    b(i) = i
  end do
  !$acc wait(5) async(6)
  !$acc parallel loop async(6)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  !$acc wait
  !$acc end data
  call check_i('wait_async', sum(b), n * (n + 1) / 2 + n)

  b = 0
  !$acc parallel loop async copy(b)
  do i = 1, n
    b(i) = 4
  end do
  !$acc wait
  call check_i('async_default_queue', sum(b), 4 * n)
contains
  include 'check.fi'
end program acc_cache_wait
