! use_device_addr of an allocatable: refused on a device (LLVM 22 gives the
! construct a garbage descriptor). The way the refusal says works: the
! address taken before the construct, translated with use_device_ptr.
program use_device_descriptor
  use iso_c_binding
  implicit none
  real(8), allocatable, target :: a(:)
  type(c_ptr) :: p
  allocate(a(6))
  a = 2
  !$omp target enter data map(to: a)
  if (command_argument_count() > 0) then
    !$omp target data use_device_addr(a)
    p = c_loc(a)
    !$omp end target data
  end if
  p = c_loc(a)
  !$omp target data use_device_ptr(p)
  call add(p, 6, 5d0)
  !$omp end target data
  !$omp target exit data map(from: a)
  print '(a,6f4.0)', 'a: ', a
contains
  subroutine add(c, n, k)
    type(c_ptr) :: c
    integer :: n
    real(8) :: k
    real(8), pointer :: q(:)
    integer :: j
    !$omp target is_device_ptr(c) map(to: n, k)
    call c_f_pointer(c, q, [n])
    do j = 1, n
      q(j) = q(j) + k
    end do
    !$omp end target
  end subroutine add
end program use_device_descriptor
