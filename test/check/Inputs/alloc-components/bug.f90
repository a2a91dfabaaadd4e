! A record's allocatable components mapped `to`, one of them written in
! the kernel and read on the host after: the write never comes back.
subroutine axpy(t)
  implicit none
  type vec
    integer :: n
    real, allocatable :: a(:), b(:)
  end type
  type(vec) :: t
  integer :: i
  !$omp target teams distribute parallel do map(to: t) map(to: t%a) map(to: t%b)
  do i = 1, t%n
    t%b(i) = t%b(i) + 2 * t%a(i)
  end do
end subroutine
