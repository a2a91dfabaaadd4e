! OpenACC 3.3 data clauses on assumed-shape dummies: present and copy of a
! contiguous actual, and of a strided (non-contiguous) section.
module acc_assumed_mod
  implicit none
contains
  subroutine add_one_present(x)
    integer, intent(inout) :: x(:)
    integer :: i
    !$acc parallel loop present(x)
    do i = 1, size(x)
      x(i) = x(i) + 1
    end do
  end subroutine add_one_present

  subroutine times_two(x)
    integer, intent(inout) :: x(:)
    integer :: i
    !$acc parallel loop copy(x)
    do i = 1, size(x)
      x(i) = 2 * x(i)
    end do
  end subroutine times_two
end module acc_assumed_mod

program acc_assumed_shape
  use acc_assumed_mod
  implicit none
  integer, parameter :: n = 30
  integer :: a(n), i
  a = [(i, i = 1, n)]
  !$acc data copy(a)
  call add_one_present(a)
  !$acc end data
  call check_i('present_contiguous', sum(a), n * (n + 1) / 2 + n)

  a = [(i, i = 1, n)]
  call times_two(a)
  call check_i('copy_contiguous', sum(a), n * (n + 1))

  a = 1
  call times_two(a(1:n:3))
  call check_i('copy_strided_section', sum(a), n + n / 3)
contains
  include 'check.fi'
end program acc_assumed_shape
