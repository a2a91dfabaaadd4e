! A plain host routine, archived into a library the program links with -l.
subroutine check(a, n)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  if (abs(sum(a) - real(n * (n + 1) / 2)) < 1e-3) then
    print *, 'PASSED'
  else
    print *, 'FAILED', sum(a)
    error stop 1
  end if
end subroutine
