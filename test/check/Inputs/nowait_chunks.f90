! A pipeline of chunks: each iteration fills its chunk on the host and
! hands it to a nowait target region. The chunks are apart, so the host's
! writes of later chunks race with no earlier region (no finding). Reading
! the previous chunk, or chunks that overlap by a halo, does race.
subroutine pipeline(a, n)
  implicit none
  integer :: n, c, i, lo, hi
  integer, parameter :: m = 256
  real :: a(1024)
  do c = 1, 4
    lo = (c - 1) * m + 1
    hi = c * m
    a(lo:hi) = real(c)
    !$omp target teams distribute parallel do nowait map(tofrom: a(lo:hi))
    do i = lo, hi
      a(i) = a(i) * 2.0
    end do
  end do
  !$omp taskwait
end subroutine

subroutine backwards(a)
  implicit none
  integer :: c, i, lo, hi
  real :: a(1024)
  do c = 4, 1, -1
    lo = (c - 1) * 256 + 1
    hi = lo + 255
    a(lo) = 0.0
    !$omp target teams distribute parallel do nowait map(tofrom: a(lo:hi))
    do i = lo, hi
      a(i) = a(i) + 1.0
    end do
  end do
  !$omp taskwait
end subroutine

subroutine previous(a)
  implicit none
  integer :: c, i, lo, hi
  real :: a(1024)
  do c = 1, 4
    lo = (c - 1) * 256 + 1
    hi = c * 256
    a(lo:hi) = a(lo - 256:hi - 256)
    !$omp target teams distribute parallel do nowait map(tofrom: a(lo:hi))
    do i = lo, hi
      a(i) = a(i) * 2.0
    end do
  end do
  !$omp taskwait
end subroutine

subroutine halo(a)
  implicit none
  integer :: c, i, lo, hi
  real :: a(0:1025)
  do c = 1, 4
    lo = (c - 1) * 256
    hi = c * 256 + 1
    a(lo:hi) = real(c)
    !$omp target teams distribute parallel do nowait map(tofrom: a(lo:hi))
    do i = lo + 1, hi - 1
      a(i) = a(i - 1) + a(i + 1)
    end do
  end do
  !$omp taskwait
end subroutine
