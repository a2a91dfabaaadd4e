! OpenMP 5.2 target regions on dummy arguments of other procedures:
! explicit-shape dummies given column sections, an assumed-shape dummy with
! lower bound 0 (whole array and a section of columns), an assumed-size
! dummy mapped by a section, an optional argument, a host-associated
! variable in an internal procedure, and an allocatable with lower bound -3
! (whole and a section). Expectations from the same loops on the host.
module omp_dummies_ops
  implicit none
contains
  subroutine axpy_explicit(n, m, alpha, x, y)
    integer, intent(in) :: n, m
    real(8), intent(in) :: alpha, x(n, m)
    real(8), intent(inout) :: y(n, m)
    integer :: i, j
    !$omp target teams distribute parallel do collapse(2) map(to: x) map(tofrom: y)
    do j = 1, m
      do i = 1, n
        y(i, j) = y(i, j) + alpha * x(i, j)
      end do
    end do
  end subroutine

  subroutine scale_assumed(b, f)
    real(8), intent(inout) :: b(0:, :)
    real(8), intent(in) :: f
    integer :: i, j
    !$omp target teams distribute parallel do collapse(2) map(tofrom: b)
    do j = 1, size(b, 2)
      do i = 0, ubound(b, 1)
        b(i, j) = b(i, j) * f + i - j
      end do
    end do
  end subroutine

  subroutine fill_assumed_size(c, n)
    integer, intent(in) :: n
    real(8) :: c(*)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: c(1:n))
    do i = 1, n
      c(i) = c(i) + dble(i) / 4.0d0
    end do
  end subroutine

  subroutine maybe_add(a, n, shift)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n)
    real(8), intent(in), optional :: shift
    real(8) :: s
    integer :: i
    s = 1.0d0
    if (present(shift)) s = shift
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      a(i) = a(i) + s
    end do
  end subroutine
end module omp_dummies_ops

program omp_dummies
  use omp_dummies_ops
  implicit none
  real(8) :: big(10, 8), y(10, 8), eb(10, 8), ey(10, 8), c(50), ec(50)
  real(8) :: d(30), ed(30), factor
  real(8), allocatable :: g(:), eg(:)
  integer :: i, j
  do j = 1, 8
    do i = 1, 10
      big(i, j) = dble(i * j)
      y(i, j) = dble(i - j)
    end do
  end do
  eb = big
  ey = y
  call axpy_explicit(10, 3, 2.0d0, big(:, 2:4), y(:, 5:7))
  ey(:, 5:7) = ey(:, 5:7) + 2.0d0 * eb(:, 2:4)
  call check_r('explicit_shape_sections', maxval(abs(y - ey)), 0.0d0)

  call scale_assumed(big, 1.5d0)
  do j = 1, 8
    do i = 1, 10
      eb(i, j) = eb(i, j) * 1.5d0 + (i - 1) - j
    end do
  end do
  call check_r('assumed_shape_lbound0', maxval(abs(big - eb)), 0.0d0)
  call scale_assumed(big(:, 3:5), 0.5d0)
  do j = 3, 5
    do i = 1, 10
      eb(i, j) = eb(i, j) * 0.5d0 + (i - 1) - (j - 2)
    end do
  end do
  call check_r('assumed_shape_columns', maxval(abs(big - eb)), 0.0d0)

  c = 1.0d0
  call fill_assumed_size(c, 40)
  call fill_assumed_size(c(11), 20)
  ec = 1.0d0
  do i = 1, 40
    ec(i) = ec(i) + dble(i) / 4.0d0
  end do
  do i = 1, 20
    ec(10 + i) = ec(10 + i) + dble(i) / 4.0d0
  end do
  call check_r('assumed_size_section', maxval(abs(c - ec)), 0.0d0)

  d = 0
  call maybe_add(d, 30)
  call maybe_add(d(5:25), 21, 2.5d0)
  ed = 1.0d0
  ed(5:25) = ed(5:25) + 2.5d0
  call check_r('optional_argument', maxval(abs(d - ed)), 0.0d0)

  factor = 3.0d0
  call inner()
  do i = 1, 30
    ed(i) = ed(i) * factor + i
  end do
  call check_r('internal_host_association', maxval(abs(d - ed)), 0.0d0)

  allocate(g(-3:100), eg(-3:100))
  g = 0
  !$omp target teams distribute parallel do map(tofrom: g)
  do i = -3, 100
    g(i) = dble(i) ** 2 - 3.0d0 * i
  end do
  do i = -3, 100
    eg(i) = dble(i) ** 2 - 3.0d0 * i
  end do
  call check_r('allocatable_lbound_minus3', maxval(abs(g - eg)), 0.0d0)
  g = 1.0d0
  !$omp target map(tofrom: g(-1:10))
  do i = -1, 10
    g(i) = g(i) + i
  end do
  !$omp end target
  eg = 1.0d0
  do i = -1, 10
    eg(i) = eg(i) + i
  end do
  call check_r('allocatable_lbound_section', maxval(abs(g - eg)), 0.0d0)
contains
  subroutine inner()
    integer :: k
    !$omp target teams distribute parallel do map(tofrom: d)
    do k = 1, 30
      d(k) = d(k) * factor + k
    end do
  end subroutine
  include 'check.fi'
end program omp_dummies
