! Reference counts: structured data outlives an exit data delete (OpenACC
! keeps a structured count; acc-to-omp maps it with ompx_hold), and
! finalize removes data entered twice.
subroutine hold(n, a)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  !$acc data copy(a)
  !$acc exit data delete(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$acc end data
end subroutine hold

subroutine twice(n, a)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  !$acc enter data copyin(a)
  !$acc enter data copyin(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = 2.0 * a(i)
  end do
  !$acc exit data copyout(a) finalize
  !$acc parallel loop copy(a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
end subroutine twice
