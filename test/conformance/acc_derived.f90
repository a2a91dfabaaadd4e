! OpenACC 3.3 derived types: a whole type with fixed-size members, and an
! allocatable component with its parent (copyin of the parent, copy of the
! component, attached on the device).
program acc_derived
  implicit none
  type :: fixed
    integer :: k
    integer :: w(8)
  end type fixed
  type :: holder
    integer :: n
    integer, allocatable :: a(:)
  end type holder
  type(fixed) :: f
  type(holder) :: h
  integer :: i
  f%k = 3
  f%w = 1
  !$acc parallel loop copy(f)
  do i = 1, 8
    f%w(i) = f%w(i) * f%k + i
  end do
  call check_i('whole_fixed_type', sum(f%w), 24 + 36)

  h%n = 12
  allocate(h%a(h%n))
  h%a = 1
  !$acc enter data copyin(h)
  !$acc enter data copyin(h%a)
  !$acc parallel loop present(h)
  do i = 1, 12
    h%a(i) = h%a(i) + i
  end do
  !$acc exit data copyout(h%a)
  !$acc exit data delete(h)
  call check_i('allocatable_component', sum(h%a), 12 + 78)
contains
  include 'check.fi'
end program acc_derived
