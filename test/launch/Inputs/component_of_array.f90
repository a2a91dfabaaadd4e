! update from(qs%x): every element's x, a strided run of the records. It
! moved 32 contiguous bytes from qs(1)%x: x3, x4 lost, y1, y2 overwritten.
program component_of_array
  type q
    real(8) :: x, y
  end type
  type(q) :: qs(4)
  integer :: i
  qs = q(0d0, 0d0)
  !$omp target enter data map(to: qs)
  !$omp target
  do i = 1, 4
    qs(i) = q(i * 1d0, -i * 1d0)
  end do
  !$omp end target
  !$omp target update from(qs%x)
  print *, int(qs%x), int(qs%y)
end program
