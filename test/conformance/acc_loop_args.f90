! OpenACC 3.3 loop clause arguments: gang(num:), gang(static:), worker(num:),
! vector(length:), and update with async and wait clauses.
program acc_loop_args
  implicit none
  integer, parameter :: n = 64, m = 8
  integer :: a(n, m), b(n), i, j
  a = 0
  !$acc parallel loop gang(num: 4) copy(a)
  do j = 1, m
    !$acc loop vector(length: 32)
    do i = 1, n
      a(i, j) = i + j
    end do
  end do
  call check_i('gang_num_vector_length', sum(a), m * n * (n + 1) / 2 + n * m * (m + 1) / 2)

  a = 0
  !$acc kernels copy(a)
  !$acc loop gang(static: 2) worker(num: 2)
  do j = 1, m
    !$acc loop vector
    do i = 1, n
      a(i, j) = 1
    end do
  end do
  !$acc end kernels
  call check_i('gang_static_worker_num', sum(a), n * m)

  b = 1
  !$acc data copy(b)
  b = 2
  !$acc update device(b) async(4)
  !$acc parallel loop async(4)
  do i = 1, n
    b(i) = b(i) + i
  end do
  !$acc update self(b) async(5) wait(4)
  !$acc wait(5)
  call check_i('update_async_wait', sum(b), 2 * n + n * (n + 1) / 2)
  !$acc end data
contains
  include 'check.fi'
end program acc_loop_args
