! A kernel writes an allocatable component; `target update from(f%w)` reads
! f%w's descriptor on the host to size the copy. That read belongs to the
! update, not a read of the data the kernel wrote: no stale-host-read.
program update_alloc_member
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
  !$omp target update from(f%w)
  print *, sum(f%w)
  !$omp target exit data map(from: f)
end program update_alloc_member
