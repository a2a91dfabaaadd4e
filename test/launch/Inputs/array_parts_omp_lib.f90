! The program's own omp_lib interface of omp_get_mapped_ptr (a c_ptr
! result) beside the parts: ompx's check calls it through its address.
program parts_omp_lib
  use omp_lib
  use iso_c_binding
  implicit none
  real, target :: v(8)
  type(c_ptr) :: p
  integer :: i
  v = [(real(i), i = 1, 8)]
  p = omp_get_mapped_ptr(c_loc(v), omp_get_default_device())
  !$omp target map(to: v(1:4)) map(tofrom: v(5:8))
  do i = 5, 8
    v(i) = v(i) + 10 * v(i - 4)
  end do
  !$omp end target
  print '(a,l2,8f5.0)', 'omp_lib:', c_associated(p), v
end program
