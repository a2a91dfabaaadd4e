! Workshare blocks of 4 threads, each run `rounds` times and compared with
! the same statements run serially; prints how many rounds were wrong. An
! argument `intrinsics` runs only the intrinsics' blocks (flang-22's own
! object aborts in the FORALL ones).
program workshare
  implicit none
  integer, parameter :: rounds = 200
  integer :: m(4, 4), ref(4, 4), x(64), y(64), loc(2), bounds(4)
  integer :: k, r, i
  integer :: bad_forall, bad_where, bad_maxloc, bad_cshift, bad_ubound
  integer :: bad_split
  character(16) :: only
  logical :: foralls
  call get_command_argument(1, only)
  foralls = only /= 'intrinsics'
  bad_forall = 0; bad_where = 0; bad_maxloc = 0; bad_cshift = 0
  bad_ubound = 0; bad_split = 0
  do r = 1, rounds
    ! A FORALL assigning a section per index: flang keeps the values on the
    ! runtime's temporary stack.
    if (foralls) then
    m = reshape([(k, k = 1, 16)], [4, 4])
    ref = m + 1
!$omp parallel num_threads(4)
!$omp workshare
    forall (k = 1:4) m(:, k) = m(:, k) + 1
!$omp end workshare
!$omp end parallel
    if (any(m /= ref)) bad_forall = bad_forall + 1

    ! A WHERE in a FORALL.
    m = reshape([(k, k = 1, 16)], [4, 4])
    ref = m
    where (ref > 8) ref = ref * 10
!$omp parallel num_threads(4)
!$omp workshare
    forall (k = 1:4)
      where (m(k, :) > 8) m(k, :) = m(k, :) * 10
    end forall
!$omp end workshare
!$omp end parallel
    if (any(m /= ref)) bad_where = bad_where + 1
    end if

    ! Intrinsics whose results go to temporaries (the data change every
    ! round, so a temporary left from an earlier one is wrong too).
    m = reshape([(mod(7 * k + r, 11), k = 1, 16)], [4, 4])
    loc = 0
!$omp parallel workshare num_threads(4)
    loc = maxloc(m)
!$omp end parallel workshare
    if (any(loc /= maxloc(m))) bad_maxloc = bad_maxloc + 1

    ref = cshift(m, 1, 1)
!$omp parallel workshare num_threads(4)
    m = cshift(m, 1, 1)
!$omp end parallel workshare
    if (any(m /= ref)) bad_cshift = bad_cshift + 1

    i = 3 + mod(r, 2)
    call upper_bounds(m, i, bounds)
    if (any(bounds /= [i, i, i - 1, i - 2])) bad_ubound = bad_ubound + 1

    ! Element-wise: split among the threads, as flang does it.
    y = [(k, k = 1, 64)]
!$omp parallel workshare num_threads(4)
    x = 2 * y + 1
    where (y > 32) x = -y
!$omp end parallel workshare
    if (any(x /= merge(-y, 2 * y + 1, y > 32))) bad_split = bad_split + 1
  end do
  print '(a,6i4)', 'wrong rounds:', bad_forall, bad_where, bad_maxloc, &
    bad_cshift, bad_ubound, bad_split
  print '(a,4i3,a,i5)', 'loc/bounds', loc, bounds(3:4), ' sum(x)=', sum(x)
contains
  subroutine upper_bounds(a, n, ub)
    integer :: n, a(n, n), ub(4)
    integer :: s(2:n-1, n-2)
    s = 0
    ub = 0
!$omp parallel workshare num_threads(4)
    ub(1:2) = ubound(a)
    ub(3:4) = ubound(s)
!$omp end parallel workshare
  end subroutine
end program
