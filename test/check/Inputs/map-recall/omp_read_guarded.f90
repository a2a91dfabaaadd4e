subroutine recurrence(a, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  ! Correct: a(i-1) is read only after the iteration before wrote it, so
  ! map(from:) is enough. The read is under a condition: no finding.
  !$omp target map(from: a)
  do i = 1, n
    if (i > 1) then
      a(i) = a(i-1) + 1.0
    else
      a(i) = 1.0
    end if
  end do
  !$omp end target
end subroutine
