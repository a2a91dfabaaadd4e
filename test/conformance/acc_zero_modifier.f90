! OpenACC 3.3 the zero modifier: copyout(zero:) and create(zero:) zero the
! device memory they allocate. (omp_lib tells whether there is a device.)
program acc_zero_modifier
  use omp_lib, only: omp_get_num_devices
  implicit none
  integer, parameter :: n = 40
  integer :: b(n), c(n), i
  b = 7
  !$acc parallel loop copyout(zero: b)
  do i = 1, n, 2
    b(i) = 1
  end do
  ! Unwritten elements: zeroed device memory, or (no device: shared memory,
  ! no allocation) the host's 7s.
  call check_i('copyout_zero', sum(b), merge(n / 2 + 7 * (n / 2), n / 2, &
                                            omp_get_num_devices() == 0))

  c = 0
  !$acc data create(zero: c) copyout(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = c(i) + 2
  end do
  !$acc end data
  call check_i('create_zero', sum(b), 2 * n)

contains
  include 'check.fi'
end program acc_zero_modifier
