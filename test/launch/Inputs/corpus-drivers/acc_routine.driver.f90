! Driver for corpus/flang/acc/acc_routine: norms computes r(i) = sum of
! sq(a(j,i)) over j with the vector routine row_norm (copyout r); the host
! versions of sq and row_norm are called too; ext_caller applies the
! external ext_kernel to each x(i) (copy x). ext_kernel (v = 2v + 1) is not
! part of the program: acc_routine.ext_kernel.f90 has it for the host, the
! OpenMP twin has it (declare target) for host and device. Values are small
! integers so every sum is exact in any order.
program main
  use acc_routines
  implicit none
  integer, parameter :: n = 6, m = 5
  real :: a(m, n), r(n), x(n), r1
  integer :: i, j

  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i + 2 * j, 5))
    end do
  end do
  call check('sq', merge(0, 1, sq(3.0) == 9.0))
  call row_norm(m, a(:, 2), r1)
  call check('row_norm', merge(0, 1, r1 == sum(a(:, 2)**2)))
  r = -1.0
  call label('a', loc(a), 4 * m * n)
  call label('r', loc(r), 4 * n)
  call norms(n, m, a, r)
  call check('norms', count(r /= [(sum(a(:, i)**2), i = 1, n)]))
  x = [(real(i), i = 1, n)]
  call label('x', loc(x), 4 * n)
  call ext_caller(n, x)
  call check('ext_caller', count(x /= [(2.0 * i + 1.0, i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
end program main
