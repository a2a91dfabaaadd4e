! Driver for corpus/flang/acc/acc_enter_exit_data: setup allocates the
! module array u and copies it in (enter data), compute adds i to u(i) on
! the device (present), teardown copies it out (exit data finalize) and
! deallocates it. Between compute and teardown only the device copy is
! defined (the host copy is stale on a separate device, updated under host
! fallback), so it is read through the mapping table; after teardown u is
! gone from host and device. create_delete must leave w alone.
program main
  use acc_field
  use omp_lib
  use iso_c_binding
  implicit none
  integer, parameter :: n = 12
  real :: back(n), w(n)
  integer(8) :: uaddr
  integer :: i

  call setup(n)
  call check('setup', merge(0, 1, allocated(u)) + count(u /= 0.0))
  uaddr = loc(u)
  call label('u', uaddr, 4 * n)
  call compute(n)
  call compute(n)
  back = -1.0
  call label('back', loc(back), 4 * n)
  call read_device(uaddr, 4 * n, back)
  call check('compute (device copy)', count(back /= [(2.0 * i, i = 1, n)]))
  call teardown()
  call check('teardown', merge(1, 0, allocated(u)) + merge(0, 1, absent(uaddr)))

  w = [(real(i), i = 1, n)]
  call label('w', loc(w), 4 * n)
  call create_delete(n, w)
  call check('create_delete(n)', count(w /= [(real(i), i = 1, n)]) + &
                                 merge(0, 1, absent(loc(w))))
  call create_delete(0, w)
  call check('create_delete(0)', count(w /= [(real(i), i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
  include 'devcopy.fi'
end program main
