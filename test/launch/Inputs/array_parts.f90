! Parts of one array mapped by one target construct, nothing present before:
! LLVM 22 maps each alone (disjoint parts: read out of bounds; a part inside
! another: its `from` lost). ompx gives the array one copy.
module parts
  implicit none
contains
  subroutine disjoint()
    real :: v(8)
    integer :: i
    v = 1.0
    !$omp target map(to: v(1:4)) map(tofrom: v(5:8))
    do i = 5, 8
      v(i) = v(i) + v(i-4)
    end do
    !$omp end target
    print '(a,8f4.0)', 'disjoint:', v
  end subroutine

  subroutine halo(n)
    integer :: n
    real :: u(0:n+1)
    integer :: i
    u = 1.0
    !$omp target map(to: u(0:n+1)) map(from: u(1:n))
    do i = 1, n
      u(i) = u(i-1) + u(i+1) + i
    end do
    !$omp end target
    print '(a,10f5.0)', 'halo:', u
  end subroutine

  subroutine whole_and_part()
    real :: v(8)
    integer :: i
    v = 1.0
    !$omp target map(to: v) map(from: v(1:4))
    do i = 1, 4
      v(i) = v(i) + v(i+4) + 10.0
    end do
    !$omp end target
    print '(a,8f4.0)', 'whole+part:', v
  end subroutine

  subroutine allocatable_parts(n)
    integer :: n
    real, allocatable :: v(:)
    integer :: i
    allocate(v(n))
    v = 2.0
    !$omp target map(to: v(1:n/2)) map(tofrom: v(n/2+1:n))
    do i = n/2+1, n
      v(i) = v(i) * v(i-n/2)
    end do
    !$omp end target
    print '(a,8f4.0)', 'allocatable:', v
  end subroutine

  subroutine columns(n, m)
    integer :: n, m
    real :: u(m, 0:n+1)
    integer :: i, j
    do j = 0, n+1
      u(:, j) = j
    end do
    !$omp target teams distribute parallel do collapse(2) &
    !$omp&  map(to: u(:, 0:n+1)) map(from: u(:, 1:n))
    do j = 1, n
      do i = 1, m
        u(i, j) = 10 * u(i, j) + i
      end do
    end do
    print '(a,8f5.0)', 'columns:', u(2, :)
  end subroutine

  subroutine present_before()
    real :: v(8)
    integer :: i
    v = 1.0
    !$omp target data map(tofrom: v)
    !$omp target map(to: v(1:4)) map(tofrom: v(5:8))
    do i = 5, 8
      v(i) = v(i) + v(i-4) + 1.0
    end do
    !$omp end target
    !$omp end target data
    print '(a,8f4.0)', 'present:', v
  end subroutine

  ! Parts with a subscript (a column each), in threads of a parallel loop:
  ! each construct's copy is the range its parts span, not the array.
  subroutine column_parts()
    real :: v(8, 4)
    integer :: i, t
    v = 1.0
    !$omp parallel do private(i)
    do t = 1, 4
      !$omp target map(to: v(1:4, t)) map(tofrom: v(5:8, t))
      do i = 5, 8
        v(i, t) = v(i, t) + v(i-4, t) + t
      end do
      !$omp end target
    end do
    print '(a,4f4.0)', 'column parts:', v(8, :)
  end subroutine

  ! The first column, and the rest.
  subroutine first_column()
    real :: a(4, 5)
    integer :: j
    a = 1.0
    !$omp target map(to: a(:, 1)) map(tofrom: a(:, 2:5))
    do j = 2, 5
      a(2, j) = a(2, j - 1) + 1.0
    end do
    !$omp end target
    print '(a,5f4.0)', 'first column:', a(2, :)
  end subroutine

  ! One item twice: the second took a reference of the first's copy and
  ! its `from` was lost.
  subroutine same_twice()
    real :: w(8)
    w = 1.0
    !$omp target map(to: w) map(from: w)
    w = w + 1.0
    !$omp end target
    print '(a,f4.0)', 'same twice:', w(8)
  end subroutine

  ! Deferred, the whole array first with the `from`: LLVM maps the part
  ! into its copy, as written.
  subroutine whole_first_nowait()
    real :: v(8)
    integer :: i
    v = 1.0
    !$omp target map(tofrom: v) map(to: v(2:3)) nowait
    do i = 1, 8
      v(i) = v(i) + 1.0
    end do
    !$omp end target
    !$omp taskwait
    print '(a,8f4.0)', 'whole first:', v
  end subroutine

  ! Parts of the second column while the first column alone is present (as
  ! another thread's column_parts copy is): the array's first element is
  ! mapped, but none of these parts, so they get their cover. It was
  ! refused as "partly present", in column_parts now and then.
  subroutine other_column_present()
    real :: v(8, 2)
    integer :: i
    v = 1.0
    !$omp target data map(tofrom: v(:, 1))
    !$omp target map(to: v(1:4, 2)) map(tofrom: v(5:8, 2))
    do i = 5, 8
      v(i, 2) = v(i, 2) + v(i-4, 2) + i
    end do
    !$omp end target
    !$omp end target data
    print '(a,4f4.0)', 'other column present:', v(5:8, 2)
  end subroutine

  ! An empty part (n = 0) beside another, the array present: runs as
  ! written (the empty part's last element is its first).
  subroutine empty_part_present(n)
    integer, intent(in) :: n
    real :: v(8)
    integer :: i
    v = 1.0
    !$omp target data map(tofrom: v)
    !$omp target map(to: v(1:n)) map(tofrom: v(5:8))
    do i = 5, 8
      v(i) = v(i) + 1.0
    end do
    !$omp end target
    !$omp end target data
    print '(a,8f4.0)', 'empty part:', v
  end subroutine
end module

program main
  use parts
  call disjoint()
  call halo(8)
  call whole_and_part()
  call allocatable_parts(8)
  call columns(6, 3)
  call present_before()
  call column_parts()
  call first_column()
  call same_twice()
  call whole_first_nowait()
  call other_column_present()
  call empty_part_present(0)
end program
