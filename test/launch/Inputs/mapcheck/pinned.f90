! A kernel writes the field; the host pins the boundary cell and sums the
! field without a `target update from` (a stale read of every other cell),
! and in `own` reads only the cell it set (its own value: no finding).
module pinned_cells
  implicit none
contains
  subroutine pinned(tot)
    real(8) :: tot
    real(8), allocatable :: u(:)
    integer :: i
    allocate(u(4096))
    u = 1d0
    !$omp target data map(tofrom: u)
    !$omp target teams distribute parallel do
    do i = 1, 4096
      u(i) = u(i) + 1d0
    end do
    u(1) = 0d0
    tot = sum(u)
    !$omp end target data
  end subroutine

  subroutine own(first)
    real(8) :: first
    real(8), allocatable :: w(:)
    integer :: i
    allocate(w(4096))
    w = 1d0
    !$omp target data map(tofrom: w)
    !$omp target teams distribute parallel do
    do i = 1, 4096
      w(i) = w(i) + 1d0
    end do
    w(1) = 0d0
    first = w(1)
    !$omp end target data
  end subroutine

  ! Sets the first cell, reads the second: stale (its neighbour in the
  ! same 32 bytes was taken for the host's too).
  subroutine neighbour(second)
    real(8) :: second
    real(8), allocatable :: v(:)
    integer :: i
    allocate(v(4096))
    v = 1d0
    !$omp target data map(tofrom: v)
    !$omp target teams distribute parallel do
    do i = 1, 4096
      v(i) = v(i) + 1d0
    end do
    v(1) = 0d0
    second = v(2)
    !$omp end target data
  end subroutine
end module

program main
  use pinned_cells
  real(8) :: tot, first, second
  call pinned(tot)
  call own(first)
  call neighbour(second)
  print '(a,f8.1,a,f4.1,a,f4.1)', 'tot', tot, ' first', first, ' second', second
end program
