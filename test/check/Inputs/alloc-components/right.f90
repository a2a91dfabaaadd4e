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

! The component present through an enclosing data region, which copies it
! back: the kernel's map moves nothing.
subroutine scale_present(t)
  implicit none
  type vec
    integer :: n
    real, allocatable :: a(:), b(:)
  end type
  type(vec) :: t
  integer :: i
  !$omp target data map(tofrom: t%b)
  !$omp target teams distribute parallel do map(to: t) map(to: t%b)
  do i = 1, t%n
    t%b(i) = 2 * t%b(i)
  end do
  !$omp end target data
end subroutine
