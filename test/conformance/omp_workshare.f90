! OpenMP 5.2 workshare in a target region (parallel workshare of 4
! threads), each block compared with the same statements run on the host:
! element-wise assignments and WHERE, a FORALL assigning a section per
! index, a WHERE in a FORALL, MAXLOC, CSHIFT, SUM.
program omp_workshare
  implicit none
  integer :: m(4, 4), e(4, 4), x(64), y(64), loc(2), s, k

  y = [(k, k = 1, 64)]
  !$omp target map(from: x) map(to: y)
  !$omp parallel workshare num_threads(4)
  x = 2 * y + 1
  where (y > 32) x = -y
  !$omp end parallel workshare
  !$omp end target
  call check_i('elementwise_where', sum(x), sum(merge(-y, 2 * y + 1, y > 32)))

  m = reshape([(k, k = 1, 16)], [4, 4])
  e = m + 1
  !$omp target map(tofrom: m)
  !$omp parallel workshare num_threads(4)
  forall (k = 1:4) m(:, k) = m(:, k) + 1
  !$omp end parallel workshare
  !$omp end target
  call check_i('forall_sections', count(m /= e), 0)

  m = reshape([(k, k = 1, 16)], [4, 4])
  e = m
  where (e > 8) e = e * 10
  !$omp target map(tofrom: m)
  !$omp parallel workshare num_threads(4)
  forall (k = 1:4)
    where (m(k, :) > 8) m(k, :) = m(k, :) * 10
  end forall
  !$omp end parallel workshare
  !$omp end target
  call check_i('where_in_forall', count(m /= e), 0)

  m = reshape([(mod(7 * k, 11), k = 1, 16)], [4, 4])
  e = cshift(m, 1, 1)
  loc = 0
  s = 0
  !$omp target map(tofrom: m, loc, s)
  !$omp parallel workshare num_threads(4)
  loc = maxloc(m)
  s = sum(m)
  m = cshift(m, 1, 1)
  !$omp end parallel workshare
  !$omp end target
  call check_i('maxloc', loc(1) * 10 + loc(2), 31)
  call check_i('sum', s, sum(e))
  call check_i('cshift', count(m /= e), 0)
contains
  include 'check.fi'
end program
