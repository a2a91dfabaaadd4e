! Driver for corpus/flang/acc/acc_host_data_runtime: hd takes the device
! address of a inside data copy(a) (host_data use_device) but writes
! nothing, and runs init/set/wait/shutdown; a comes back unchanged.
program main
  implicit none
  integer, parameter :: n = 8
  real, target :: a(n)
  integer :: i

  a = [(real(3 * i), i = 1, n)]
  call label('a', loc(a), 4 * n)
  call hd(n, a)
  call check('hd', count(a /= [(real(3 * i), i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
end program main
