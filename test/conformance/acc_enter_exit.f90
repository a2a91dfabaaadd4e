! OpenACC 3.3 unstructured data: enter data copyin/create, exit data
! copyout/delete, if(), finalize, async + wait.
program acc_enter_exit
  implicit none
  integer, parameter :: n = 48
  integer :: a(n), b(n), i
  logical :: on
  a = [(i, i = 1, n)]
  b = 0
  !$acc enter data copyin(a) create(b)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$acc exit data copyout(b) delete(a)
  call check_i('copyin_create_copyout', sum(b), n * (n + 1))

  ! if(.true.) / if(.false.)
  on = .true.
  b = 0
  !$acc enter data copyin(b) if(on)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = i
  end do
  !$acc exit data copyout(b) if(on)
  call check_i('if_true', sum(b), n * (n + 1) / 2)
  on = .false.
  b = 0
  !$acc enter data copyin(b) if(on)
  !$acc parallel loop copy(b)
  do i = 1, n
    b(i) = 3 * i
  end do
  !$acc exit data copyout(b) if(on)
  call check_i('if_false', sum(b), 3 * n * (n + 1) / 2)

  ! finalize: two references dropped at once.
  b = 0
  !$acc enter data copyin(b)
  !$acc enter data copyin(b)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = i + 1
  end do
  !$acc exit data copyout(b) finalize
  call check_i('finalize', sum(b), n * (n + 1) / 2 + n)

  ! Reference counts: the first exit data keeps the data; the second copies out.
  b = 0
  !$acc enter data copyin(b)
  !$acc enter data copyin(b)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = 7
  end do
  !$acc exit data delete(b)
  !$acc exit data copyout(b)
  call check_i('refcount', sum(b), 7 * n)

  ! async queues, then wait.
  b = 0
  !$acc enter data copyin(a, b) async(1)
  !$acc parallel loop present(a, b) async(1)
  do i = 1, n
    b(i) = a(i) + 10
  end do
  !$acc exit data copyout(b) delete(a) async(1)
  !$acc wait(1)
  call check_i('async_wait', sum(b), n * (n + 1) / 2 + 10 * n)
contains
  include 'check.fi'
end program acc_enter_exit
