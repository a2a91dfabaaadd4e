! The OpenACC form: ompx-flang crashed after acc-to-omp (a segfault sizing
! the characters). Refused as the OpenMP map is.
subroutine count_hash(n, c, k)
  integer, intent(in) :: n
  character(len=n), intent(in) :: c(3)
  integer, intent(out) :: k
  integer :: i, j
  k = 0
  !$acc serial copy(k)
  do i = 1, 3
    do j = 1, n
      if (c(i)(j:j) == '#') k = k + 1
    end do
  end do
  !$acc end serial
end subroutine
