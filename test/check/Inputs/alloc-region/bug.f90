! A data region reserves device space with `alloc`; the kernel inside maps
! the initialized host array `tofrom`, expecting it copied in: it is
! present, so the map copies nothing, and the kernel reads garbage.
program alloc_region
  implicit none
  integer, parameter :: n = 32
  real :: a(n), b(n)
  integer :: i
  a = 2.0
  !$omp target data map(alloc: a) map(from: b)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end target data
  print *, b(1)
end program

! The same with an allocatable set on the host and entered with `alloc`
! (flang maps its descriptor `always, to` and its data `storage`).
subroutine work_array(acc, n)
  implicit none
  integer :: n, i
  real(8) :: acc(n)
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = 2d0
  !$omp target enter data map(alloc: w)
  !$omp target teams distribute parallel do map(tofrom: acc)
  do i = 1, n
    acc(i) = acc(i) + w(i)
  end do
  !$omp target exit data map(delete: w)
end subroutine
