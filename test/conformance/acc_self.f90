! OpenACC 3.3 self clause on compute constructs: self(.true.) runs the
! region on the local (host) device, self(.false.) on the current device;
! the results are the same either way.
program acc_self
  implicit none
  integer, parameter :: n = 50
  integer :: b(n), i
  logical :: on
  on = .true.
  b = 0
  !$acc parallel loop self(on) copy(b)
  do i = 1, n
    b(i) = 3 * i
  end do
  call check_i('parallel_self_true', sum(b), 3 * n * (n + 1) / 2)
  on = .false.
  b = 0
  !$acc kernels self(on) copy(b)
  do i = 1, n
    b(i) = i
  end do
  !$acc end kernels
  call check_i('kernels_self_false', sum(b), n * (n + 1) / 2)
  b = 0
  !$acc serial self copy(b)
  do i = 1, n
    b(i) = 2
  end do
  !$acc end serial
  call check_i('serial_self', sum(b), 2 * n)
contains
  include 'check.fi'
end program acc_self
