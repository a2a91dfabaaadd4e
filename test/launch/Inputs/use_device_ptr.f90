! use_device_ptr of a type(c_ptr): inside the construct the variable holds
! the device address of what it pointed to, which a kernel writes through.
program use_device_ptr
  use iso_c_binding
  implicit none
  integer, parameter :: n = 8
  integer(c_int), target :: h(n)
  type(c_ptr) :: hp
  integer :: i
  h = [(i, i = 1, n)]
  !$omp target data map(tofrom: h)
  hp = c_loc(h)
  !$omp target data use_device_ptr(hp)
  !$omp target is_device_ptr(hp)
  call bump(hp, n)
  !$omp end target
  !$omp end target data
  !$omp end target data
  print '(a, i0)', 'sum ', sum(h)
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
end program use_device_ptr
