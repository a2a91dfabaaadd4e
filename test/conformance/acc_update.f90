! OpenACC 3.3 update: device, self, host, if(), if_present, array sections.
program acc_update
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), i
  logical :: on
  a = 1
  !$acc data copyin(a)
  a = 2
  !$acc update device(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + i
  end do
  !$acc update self(a)
  call check_i('device_self', sum(a), 2 * n + n * (n + 1) / 2)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = 0
  end do
  !$acc update host(a(1:10))
  call check_i('host_section', sum(a(1:10)), 0)
  !$acc update host(a)
  a(5) = 50
  !$acc update device(a(5:5))
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1
  end do
  on = .true.
  !$acc update self(a) if(on)
  call check_i('section_device_if', sum(a), n + 50)
  !$acc end data
  ! if_present with nothing present: no effect, no error.
  a = 9
  !$acc update self(a) if_present
  call check_i('if_present_absent', sum(a), 9 * n)
contains
  include 'check.fi'
end program acc_update
