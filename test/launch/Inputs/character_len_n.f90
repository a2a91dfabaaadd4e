! An explicit-shape array of a run-time length (len=n): LLVM 22 mapped one
! character of each element (k = 0 for 6, or a crash). Refused.
module len_n
contains
  subroutine count_hash(n, c, k)
    integer, intent(in) :: n
    character(len=n), intent(in) :: c(3)
    integer, intent(out) :: k
    integer :: i, j
    k = 0
    !$omp target map(tofrom: k)
    do i = 1, 3
      do j = 1, n
        if (c(i)(j:j) == '#') k = k + 1
      end do
    end do
    !$omp end target
  end subroutine
end module
