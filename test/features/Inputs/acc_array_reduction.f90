! flang-22 output: ompx-lsp emit acc_array_reduction.f90 (acc-lowering-hover-inner.test).
subroutine partial_sums(x, n, sums)
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: sums(4)
  integer :: i
  sums = 0
  !$acc parallel loop copyin(x) reduction(+:sums)
  do i = 1, n
    sums(mod(i, 4) + 1) = sums(mod(i, 4) + 1) + x(i)
  end do
end subroutine partial_sums

subroutine fine(x, n, total)
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, intent(out) :: total
  integer :: i
  total = 0
  !$acc parallel loop copyin(x) reduction(+:total)
  do i = 1, n
    total = total + x(i)
  end do
end subroutine fine
