! linear on a worksharing loop in a target region: LLVM 22 crashed building
! the device code (refused on a device); the host runs it (lin = 20).
program target_linear
  implicit none
  integer :: i, lin, arr(10)
  lin = 0
  arr = 0
  !$omp target map(tofrom: arr, lin)
  !$omp parallel do linear(lin:2)
  do i = 1, 10
    arr(i) = lin
    lin = lin + 2
  end do
  !$omp end target
  print '(a,i0,a,i0)', 'arr(10) = ', arr(10), ', lin = ', lin
end program target_linear
