! A record's component put on the device without the record, then a
! region that reads another component (an implicit map of the record).
program record_member_presence
  implicit none
  type :: pt
    integer :: n = 0
    real(8), allocatable :: x(:)
  end type
  type(pt) :: p
  integer :: i
  p%n = 100
  allocate(p%x(p%n))
  p%x = 1.0d0
#ifdef RECORD_FIRST
  !$omp target enter data map(to: p)
#endif
  !$omp target enter data map(to: p%x)
  !$omp target teams distribute parallel do
  do i = 1, p%n
    p%x(i) = p%x(i) + dble(i)
  end do
  !$omp target exit data map(from: p%x)
#ifdef RECORD_FIRST
  !$omp target exit data map(from: p)
#endif
  print *, 'x(100) =', p%x(100)
end program
