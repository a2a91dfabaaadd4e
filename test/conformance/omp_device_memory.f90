! OpenMP 5.2 device memory routines and device pointers: omp_target_alloc,
! omp_target_memcpy, omp_target_is_present, is_device_ptr, use_device_ptr,
! omp_target_free.
program omp_device_memory
  use omp_lib
  use iso_c_binding
  implicit none
  integer, parameter :: n = 32
  integer(c_int), target :: h(n), back(n)
  type(c_ptr) :: d, hp
  integer :: dev, host, i, rc
  integer(c_size_t) :: bytes
  dev = omp_get_default_device()
  host = omp_get_initial_device()
  bytes = int(n, c_size_t) * c_sizeof(h(1))
  h = [(i, i = 1, n)]
  d = omp_target_alloc(bytes, dev)
  call check_l('target_alloc', c_associated(d), .true.)
  rc = omp_target_memcpy(d, c_loc(h), bytes, 0_c_size_t, 0_c_size_t, dev, host)
  call check_i('memcpy_to_device', rc, 0)
  !$omp target is_device_ptr(d) device(dev)
  call bump(d, n)
  !$omp end target
  back = 0
  rc = omp_target_memcpy(c_loc(back), d, bytes, 0_c_size_t, 0_c_size_t, host, dev)
  call check_i('memcpy_back', sum(back), n * (n + 1) / 2 + 100 * n)
  call omp_target_free(d, dev)

  !$omp target data map(tofrom: h)
  call check_l('is_present', omp_target_is_present(c_loc(h), dev) /= 0, .true.)
  hp = c_loc(h)
  !$omp target data use_device_ptr(hp)
  !$omp target is_device_ptr(hp)
  call bump(hp, n)
  !$omp end target
  !$omp end target data
  !$omp end target data
  call check_i('use_device_ptr', sum(h), n * (n + 1) / 2 + 100 * n)
contains
  subroutine bump(p, m)
    !$omp declare target
    type(c_ptr), value :: p
    integer, value :: m
    integer(c_int), pointer :: q(:)
    integer :: k
    call c_f_pointer(p, q, [m])
    do k = 1, m
      q(k) = q(k) + 100
    end do
  end subroutine bump
  include 'check.fi'
end program omp_device_memory
