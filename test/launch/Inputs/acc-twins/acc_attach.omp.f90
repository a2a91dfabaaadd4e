! OpenMP twin of corpus/flang/acc/acc_attach.f90 (same procedures, same
! interfaces). OpenMP 5.2 has no attach/detach clauses: mapping a pointer
! (or a pointer component of a mapped structure) maps its target and
! attaches the device pointer to it, which is what acc attach asks for, and
! the mapping's removal detaches it. deviceptr -> has_device_addr
! (is_device_ptr takes only type(c_ptr) in Fortran since OpenMP 5.1).
module mesh_mod
  implicit none
  type :: mesh
    integer :: n
    real, pointer :: coords(:) => null()
  end type mesh
end module mesh_mod

subroutine upload_mesh(m)
  use mesh_mod
  implicit none
  type(mesh), intent(inout) :: m
  integer :: i
  ! acc enter data copyin(m)
  !$omp target enter data map(to: m)
  ! acc enter data copyin(m%coords) + acc enter data attach(m%coords)
  !$omp target enter data map(to: m%coords)
  ! acc parallel loop present(m)
  !$omp target teams distribute parallel do map(present, alloc: m)
  do i = 1, m%n
    m%coords(i) = m%coords(i) * 2.0
  end do
  ! acc exit data detach(m%coords): nothing (see above)
  ! acc exit data copyout(m%coords)
  !$omp target exit data map(from: m%coords)
  ! acc exit data delete(m): delete without finalize -> release
  !$omp target exit data map(release: m)
end subroutine upload_mesh

subroutine ptr_attach(n, p)
  implicit none
  integer, intent(in) :: n
  real, pointer :: p(:)
  integer :: i
  ! acc data copy(p) attach(p)
  !$omp target data map(tofrom: p)
  ! acc parallel loop
  !$omp target teams distribute parallel do
  do i = 1, n
    p(i) = 1.0
  end do
  !$omp end target data
end subroutine ptr_attach

subroutine dptr(n, a)
  implicit none
  integer, intent(in) :: n
  real :: a(n)
  integer :: i
  ! acc parallel loop deviceptr(a)
  !$omp target teams distribute parallel do has_device_addr(a)
  do i = 1, n
    a(i) = 0.0
  end do
end subroutine dptr
