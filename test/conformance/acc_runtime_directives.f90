! OpenACC 3.3 runtime directives: init, set default_async, wait on the
! default queue, shutdown.
program acc_runtime_directives
  implicit none
  integer, parameter :: n = 24
  integer :: b(n), i
  !$acc init
  !$acc set default_async(3)
  b = 0
  !$acc parallel loop copy(b) async
  do i = 1, n
    b(i) = i
  end do
  !$acc wait
  call check_i('init_set_default_async', sum(b), n * (n + 1) / 2)
  !$acc shutdown
  call check_i('shutdown', sum(b), n * (n + 1) / 2)
contains
  include 'check.fi'
end program acc_runtime_directives
