! OpenMP twin of corpus/flang/acc/acc_collapse.f90 (same procedure, same
! interface): parallel loop -> target teams distribute parallel do,
! kernels with one independent loop nest -> one target teams distribute
! parallel do carrying the kernels' data clauses.
subroutine c2(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer :: i, j

  ! acc parallel loop collapse(2) copyin(a) copyout(b)
  !$omp target teams distribute parallel do collapse(2) map(to: a) map(from: b)
  do j = 1, m
    do i = 1, n
      b(i, j) = a(i, j) * 2.0
    end do
  end do

  ! acc kernels copyin(a) copy(b); acc loop collapse(2) independent
  !$omp target teams distribute parallel do collapse(2) map(to: a) map(tofrom: b)
  do j = 1, m
    do i = 1, n
      b(i, j) = b(i, j) + a(i, j)
    end do
  end do
end subroutine c2
