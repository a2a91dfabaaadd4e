! The written component mapped `tofrom`; the read-only one `to`.
subroutine axpy(t)
  implicit none
  type vec
    integer :: n
    real, allocatable :: a(:), b(:)
  end type
  type(vec) :: t
  integer :: i
  !$omp target teams distribute parallel do map(to: t) map(to: t%a) map(tofrom: t%b)
  do i = 1, t%n
    t%b(i) = t%b(i) + 2 * t%a(i)
  end do
end subroutine
