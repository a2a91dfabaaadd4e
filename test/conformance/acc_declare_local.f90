! OpenACC 3.3 declare in a procedure: declare copy and create of a dummy
! and a local array, for the procedure's lifetime.
subroutine local_declare(m, v)
  implicit none
  integer, intent(in) :: m
  integer, intent(inout) :: v(m)
  !$acc declare copy(v)
  integer :: w(m)
  !$acc declare create(w)
  integer :: i
  !$acc parallel loop
  do i = 1, m
    w(i) = i
  end do
  !$acc parallel loop
  do i = 1, m
    v(i) = v(i) + w(i)
  end do
end subroutine local_declare

program acc_declare_local
  implicit none
  integer, parameter :: n = 30
  integer :: v(n)
  v = 4
  call local_declare(n, v)
  call check_i('declare_copy_create', sum(v), 4 * n + n * (n + 1) / 2)
contains
  include 'check.fi'
end program acc_declare_local
