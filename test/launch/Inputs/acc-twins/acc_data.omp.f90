! OpenMP twin of corpus/flang/acc/acc_data.f90 (same procedure, same
! interface). data -> target data (copyin -> to, copyout -> from, create ->
! alloc, copy -> tofrom), present -> map(present, alloc). no_create has no
! OpenMP map type (Clacc's ompx_no_alloc is not upstream): the nearest is
! map(alloc), the same while the data is present (as here), but it
! allocates where no_create would use the host address.
subroutine data_region(n, a, b, c)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real, intent(inout) :: c(n)
  real :: tmp(n)
  integer :: i

  ! acc data copyin(a) copyout(b) create(tmp) copy(c)
  !$omp target data map(to: a) map(from: b) map(alloc: tmp) map(tofrom: c)
  ! acc parallel loop present(a, tmp)
  !$omp target teams distribute parallel do map(present, alloc: a, tmp)
  do i = 1, n
    tmp(i) = a(i) * 2.0
  end do
  ! acc parallel loop present(tmp, b) no_create(c)
  !$omp target teams distribute parallel do map(present, alloc: tmp, b) map(alloc: c)
  do i = 1, n
    b(i) = tmp(i) + c(i)
  end do
  !$omp end target data

  ! acc data copyin(a(1:n/2)) copyout(b(n/2+1:n)) + acc parallel loop
  !$omp target data map(to: a(1:n/2)) map(from: b(n/2+1:n))
  !$omp target teams distribute parallel do
  do i = 1, n / 2
    b(i + n / 2) = a(i)
  end do
  !$omp end target data
end subroutine data_region
