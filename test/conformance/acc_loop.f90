! OpenACC 3.3 loop construct: gang, worker, vector, seq, auto, independent,
! collapse, private, nested gang/worker/vector levels.
program acc_loop
  implicit none
  integer, parameter :: n = 32, m = 24, l = 6
  integer :: a(n, m), c(n, m, l), v(n), i, j, k, t, expected
  a = 0
  !$acc parallel loop gang copy(a)
  do j = 1, m
    !$acc loop vector
    do i = 1, n
      a(i, j) = i + 100 * j
    end do
  end do
  call check_i('gang_vector', sum(a), m * n * (n + 1) / 2 + 100 * n * m * (m + 1) / 2)

  a = 0
  !$acc parallel loop gang worker vector copy(a)
  do j = 1, m
    !$acc loop seq
    do i = 1, n
      a(i, j) = j
    end do
  end do
  call check_i('gang_worker_vector_seq', sum(a), n * m * (m + 1) / 2)

  a = 0
  !$acc parallel copy(a)
  !$acc loop gang
  do j = 1, m
    !$acc loop worker
    do i = 1, n
      a(i, j) = 1
    end do
  end do
  !$acc end parallel
  call check_i('gang_worker', sum(a), n * m)

  a = 0
  !$acc parallel loop auto copy(a)
  do j = 1, m
    !$acc loop independent
    do i = 1, n
      a(i, j) = 2
    end do
  end do
  call check_i('auto_independent', sum(a), 2 * n * m)

  a = 0
  !$acc parallel loop collapse(2) copy(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * j
    end do
  end do
  call check_i('collapse2', sum(a), (n * (n + 1) / 2) * (m * (m + 1) / 2))

  c = 0
  !$acc parallel loop collapse(3) copy(c)
  do k = 1, l
    do j = 1, m
      do i = 1, n
        c(i, j, k) = i + j + k
      end do
    end do
  end do
  expected = m * l * n * (n + 1) / 2 + n * l * m * (m + 1) / 2 + n * m * l * (l + 1) / 2
  call check_i('collapse3', sum(c), expected)

  ! A sequential inner loop carries a dependence; private scratch per gang.
  v = 0
  !$acc parallel loop private(t) copy(v)
  do i = 1, n
    t = 0
    !$acc loop seq
    do j = 1, i
      t = t + j
    end do
    v(i) = t
  end do
  expected = 0
  do i = 1, n
    expected = expected + i * (i + 1) / 2
  end do
  call check_i('private_seq_inner', sum(v), expected)

  ! A non-unit stride and a negative one.
  v = 0
  !$acc parallel loop copy(v)
  do i = n, 1, -3
    v(i) = 1
  end do
  call check_i('negative_stride', sum(v), (n - 1) / 3 + 1)

  ! The same in a sequential inner loop, and with a step known at run time.
  a = 0
  t = -2
  !$acc parallel loop copy(a)
  do j = 1, m
    !$acc loop seq
    do i = n, 1, t
      a(i, j) = 1
    end do
  end do
  call check_i('negative_stride_seq', sum(a), m * (n / 2))
contains
  include 'check.fi'
end program acc_loop
