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

  ! Already present: zero creates nothing, so it zeroes nothing.
  b = 5
  c = 0
  !$acc data copyin(b) copyout(c)
  !$acc parallel loop create(zero: b)
  do i = 1, n
    c(i) = b(i)
  end do
  !$acc end data
  call check_i('create_zero_present', sum(c), 5 * n)

  ! enter data create(zero:): the copy starts from zeros; exit data copies it.
  c = 9
  !$acc enter data create(zero: c)
  !$acc parallel loop present(c)
  do i = 1, n
    c(i) = c(i) + 1
  end do
  !$acc exit data copyout(c)
  call check_i('enter_data_create_zero', sum(c), merge(n, 10 * n, &
                                                     omp_get_num_devices() > 0))

contains
  include 'check.fi'
end program acc_zero_modifier
