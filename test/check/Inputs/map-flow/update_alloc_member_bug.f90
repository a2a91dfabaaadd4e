! The same without the update: the print reads the old host copy.
program update_alloc_member_bug
  implicit none
  type :: field
    real(8) :: u(10)
    real(8), allocatable :: w(:)
  end type field
  type(field) :: f
  integer :: i
  allocate(f%w(10))
  f%u = 1
  f%w = 0
  !$omp target enter data map(to: f)
  !$omp target
  do i = 1, 10
    f%w(i) = f%u(i)
  end do
  !$omp end target
  print *, sum(f%w)
  !$omp target exit data map(from: f)
end program update_alloc_member_bug
