! Each `from` variable is written only by an array construct inside the
! target region; `never` is not written at all, and `tw`, mapped `to`, is
! written by a FORALL.
program array_writes
  implicit none
  integer, parameter :: n = 8
  real(8) :: b(n), fa(n, n), wh(n), sec(n), el(n), never(n), vs(n), tw(n)
  real(8), allocatable :: al(:)
  integer :: i, j, idx(n)
  b = 1.0d0
  idx = [(n + 1 - i, i = 1, n)]
  allocate (al(n))
  !$omp target map(to: b) map(from: fa)
  forall (i = 1:n, j = 1:n, i /= j) fa(i, j) = b(i) * j
  !$omp end target
  !$omp target map(to: b) map(from: wh)
  where (b > 0.0d0)
    wh = b
  elsewhere
    wh = 0.0d0
  end where
  !$omp end target
  !$omp target map(to: b) map(from: sec)
  sec(:) = b(:) * 2.0d0
  !$omp end target
  !$omp target map(to: b) map(from: al)
  al = b + 1.0d0
  !$omp end target
  !$omp target map(to: b) map(from: el)
  el = sqrt(b) + b * 2.0d0
  !$omp end target
  !$omp target map(to: b, idx) map(from: vs)
  forall (i = 1:n) vs(idx(i)) = b(i)
  !$omp end target
  !$omp target map(to: b) map(from: never)
  b(1) = 2.0d0
  !$omp end target
  !$omp target map(to: tw)
  forall (i = 1:n) tw(i) = 1.0d0
  !$omp end target
  print *, fa(1, 2), wh(1), sec(1), al(1), el(1), vs(1), never(1), tw(1), b(1)
end program array_writes
