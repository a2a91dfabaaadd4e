! Kernels of a two-file program; main.f90 calls them.
module kernels
  implicit none
contains
  ! A stencil whose map leaves out the halo: a(1) and a(n) are read on the
  ! device, where nothing was copied into them (outside-section).
  subroutine stencil(a, b, n)
    integer, intent(in) :: n
    real :: a(n), b(n)
    integer :: i
    !$omp target map(to: a(2:n-1)) map(from: b(2:n-1))
    do i = 2, n - 1
      b(i) = a(i-1) + a(i) + a(i+1)
    end do
    !$omp end target
  end subroutine

  ! A count kept in a scalar the region gets firstprivate: the caller reads
  ! its own 0 (firstprivate-write).
  subroutine count_big(a, n, big)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    integer, intent(out) :: big
    integer :: i
    big = 0
    !$omp target map(to: a)
    do i = 1, n
      if (a(i) > 2.5) big = big + 1
    end do
    !$omp end target
  end subroutine
end module
