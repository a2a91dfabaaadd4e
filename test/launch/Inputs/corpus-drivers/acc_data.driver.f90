! Driver for corpus/flang/acc/acc_data: data_region computes b = 2*a + c in
! a data region (copyin a, copyout b, create tmp, copy c), then copies
! a(1:n/2) into b(n/2+1:n) in a second one (section clauses). n is even so
! the copied-out section b(n/2+1:n) is entirely written on the device.
program main
  implicit none
  integer, parameter :: n = 10
  real :: a(n), b(n), c(n), ref(n)
  integer :: i

  a = [(real(i), i = 1, n)]
  c = [(real(10 * i), i = 1, n)]
  b = -1.0
  ref(1:n/2) = 2.0 * a(1:n/2) + c(1:n/2)
  ref(n/2+1:n) = a(1:n/2)
  call label('a', loc(a), 4 * n)
  call label('b', loc(b), 4 * n)
  call label('c', loc(c), 4 * n)
  call data_region(n, a, b, c)
  call check('data_region b', count(b /= ref))
  call check('data_region c', count(c /= [(real(10 * i), i = 1, n)]))
  call check('data_region a', count(a /= [(real(i), i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
end program main
