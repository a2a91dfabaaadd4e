! OpenMP twin of corpus/flang/acc/acc_kernels.f90 (same procedure, same
! interface). kernels -> target data with the kernels' data clauses and a
! target per loop nest (study section 2): the first region's nest carries a
! dependence over iter, so it runs sequentially in one target; kernels loop
! (independent here) -> target teams distribute parallel do.
subroutine heat(n, t, tnew)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: t(n), tnew(n)
  integer :: i, iter

  ! acc kernels copy(t) create(tnew)
  !$omp target data map(tofrom: t) map(alloc: tnew)
  !$omp target
  do iter = 1, 10
    do i = 2, n - 1
      tnew(i) = 0.5d0 * (t(i - 1) + t(i + 1))
    end do
    t(2:n-1) = tnew(2:n-1)
  end do
  !$omp end target
  !$omp end target data

  ! acc kernels loop copy(t) num_workers(4)
  !$omp target teams distribute parallel do map(tofrom: t) num_threads(4)
  do i = 1, n
    t(i) = t(i) * 0.9d0
  end do
end subroutine heat
