! Driver for corpus/flang/acc/acc_attach: upload_mesh doubles m%coords on
! the device (enter data copyin of m and m%coords, attach, exit data
! copyout of m%coords: the host copy is read after it); ptr_attach sets
! p(1:n) = 1 inside data copy(p) (p is longer: the rest must survive);
! dptr zeroes memory that is already on the device (deviceptr): it comes
! from omp_target_alloc and is read back with omp_target_memcpy (under host
! fallback the initial device's memory is host memory).
program main
  use mesh_mod
  use omp_lib
  use iso_c_binding
  implicit none
  interface
    subroutine upload_mesh(m)
      use mesh_mod
      type(mesh), intent(inout) :: m
    end subroutine upload_mesh
    subroutine ptr_attach(n, p)
      integer, intent(in) :: n
      real, pointer :: p(:)
    end subroutine ptr_attach
  end interface
  integer, parameter :: n = 16
  type(mesh) :: m
  real, pointer :: p(:)
  real, pointer, contiguous :: dev_a(:)
  real, target :: host(n)
  type(c_ptr) :: d
  integer :: i, dev, rc

  m%n = n
  allocate(m%coords(n))
  m%coords = [(real(i), i = 1, n)]
  call label('m', loc(m), storage_size(m) / 8)
  call label('m%coords', loc(m%coords), 4 * n)
  call upload_mesh(m)
  call check('upload_mesh', count(m%coords /= [(2.0 * i, i = 1, n)]) + &
                            merge(0, 1, m%n == n))

  allocate(p(n + 4))
  p = -1.0
  call label('p', loc(p), 4 * (n + 4))
  call ptr_attach(n, p)
  call check('ptr_attach', count(p(1:n) /= 1.0) + count(p(n+1:) /= -1.0))

  dev = device_number()
  d = omp_target_alloc(int(4 * n, c_size_t), dev)
  host = 5.0
  call label('host', loc(host), 4 * n)
  rc = omp_target_memcpy(d, c_loc(host), int(4 * n, c_size_t), 0_c_size_t, &
                         0_c_size_t, dev, omp_get_initial_device())
  call c_f_pointer(d, dev_a, [n])
  call dptr(n, dev_a)
  host = -1.0
  rc = omp_target_memcpy(c_loc(host), d, int(4 * n, c_size_t), 0_c_size_t, &
                         0_c_size_t, omp_get_initial_device(), dev)
  call omp_target_free(d, dev)
  call check('dptr', count(host /= 0.0))
contains
  include 'check.fi'
  include 'names.fi'
  include 'devcopy.fi'
end program main
