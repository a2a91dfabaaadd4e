! Chunks of one array offloaded at once: target nowait regions from one
! thread, and target regions of several threads, each mapping its section
! (of an allocatable, a pointer, an assumed-shape dummy, a record's
! allocatable component).
module chunkops
  implicit none
contains
  subroutine scale(x, lo, hi)
    real(8), intent(inout) :: x(:)
    integer, intent(in) :: lo, hi
    integer :: j
    !$omp target teams distribute parallel do nowait map(tofrom: x(lo:hi))
    do j = lo, hi
      x(j) = x(j) * 2 + j
    end do
  end subroutine
end module

program chunks
  use chunkops
  implicit none
  type rec
    real(8), allocatable :: v(:)
    real(8) :: s
  end type
  type(rec) :: r
  integer, parameter :: n = 4000, nc = 40, w = n / nc
  real(8), allocatable :: a(:), b(:)
  real(8), pointer :: p(:)
  integer :: c, lo, hi, j, bad, rounds
  allocate(a(n), b(n), p(n), r%v(n))
  bad = 0
  do rounds = 1, 20
    a = 1; b = 1; p = 1; r%v = 1
    !$omp parallel num_threads(4)
    !$omp single
    do c = 0, nc - 1
      lo = c * w + 1; hi = lo + w - 1
      !$omp target teams distribute parallel do nowait map(tofrom: a(lo:hi))
      do j = lo, hi
        a(j) = a(j) + j
      end do
      !$omp target nowait map(tofrom: p(lo:hi))
      p(lo:hi) = p(lo:hi) * 3
      !$omp end target
      call scale(b, lo, hi)
      !$omp target teams distribute parallel do nowait map(tofrom: r%v(lo:hi))
      do j = lo, hi
        r%v(j) = r%v(j) - j
      end do
    end do
    !$omp taskwait
    !$omp end single
    !$omp end parallel
    !$omp parallel do num_threads(4) private(lo, hi, j)
    do c = 0, nc - 1
      lo = c * w + 1; hi = lo + w - 1
      !$omp target teams distribute parallel do map(tofrom: a(lo:hi))
      do j = lo, hi
        a(j) = a(j) * 2
      end do
    end do
    do j = 1, n
      if (a(j) /= 2 * (1 + j)) bad = bad + 1
      if (b(j) /= 2 + j) bad = bad + 1
      if (p(j) /= 3) bad = bad + 1
      if (r%v(j) /= 1 - j) bad = bad + 1
    end do
  end do
  if (bad == 0) then
    print *, 'PASS'
  else
    print *, 'FAIL', bad
  end if
end program
