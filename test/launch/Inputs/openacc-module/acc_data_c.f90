! A code's own interfaces to OpenACC's C binding (as codes write them for
! compilers whose module lacks a routine): ompx's library defines them.
! With an argument, a non-contiguous section for the module's acc_copyin.
module my_acc
  use, intrinsic :: iso_c_binding
  interface
    subroutine my_copyin(a, bytes) bind(c, name='acc_copyin')
      import :: c_size_t
      type(*), dimension(*) :: a
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine my_copyout(a, bytes) bind(c, name='acc_copyout')
      import :: c_size_t
      type(*), dimension(*) :: a
      integer(c_size_t), value :: bytes
    end subroutine
    integer(c_int) function my_is_present(a, bytes) &
        bind(c, name='acc_is_present')
      import :: c_size_t, c_int
      type(*), dimension(*) :: a
      integer(c_size_t), value :: bytes
    end function
  end interface
end module my_acc

program acc_data_c
  use my_acc
  use openacc, only: acc_copyin
  implicit none
  real(8) :: x(50)
  integer :: i
  x = 1
  call my_copyin(x, int(8 * 50, c_size_t))
  x = 2
  !$acc parallel loop present(x)
  do i = 1, 50
    x(i) = x(i) + i
  end do
  print '(a,i0)', 'present through the C binding: ', &
      my_is_present(x, int(8 * 50, c_size_t))
  call my_copyout(x, int(8 * 50, c_size_t))
  print '(a,2f5.0,i2)', 'x(1), x(50), present: ', x(1), x(50), &
      my_is_present(x, int(8, c_size_t))
  if (command_argument_count() > 0) call acc_copyin(x(1:50:2))
end program acc_data_c
