! One file with OpenMP and OpenACC directives: both kinds of region must be
! offloaded (or the file refused), never one kind silently run on the host.
program mixed_omp_acc
  use omp_lib
  implicit none
  integer, parameter :: n = 32
  integer :: a(n), b(n), i
  logical :: omp_initial, acc_initial, expect_initial
  expect_initial = omp_get_num_devices() == 0
  a = 0
  !$omp target map(tofrom: a) map(from: omp_initial)
  omp_initial = omp_is_initial_device()
  do i = 1, n
    a(i) = i
  end do
  !$omp end target
  call check_i('omp_region', sum(a), n * (n + 1) / 2)
  call check_l('omp_region_offloaded', omp_initial, expect_initial)

  b = 0
  acc_initial = .true.
  !$acc parallel copy(b, acc_initial) copyin(a)
  acc_initial = omp_is_initial_device()
  !$acc loop
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc end parallel
  call check_i('acc_region', sum(b), n * (n + 1))
  call check_l('acc_region_offloaded', acc_initial, expect_initial)
contains
  include 'check.fi'
end program mixed_omp_acc
