! Driver for corpus/flang/omp/omp_target_data: one Jacobi step checked
! against the same step computed here; use_device_addr_example must leave
! the buffer as it was.
program main
  implicit none
  integer, parameter :: n = 12
  real(8) :: a(n, n), anew(n, n), ref(n, n), err, referr
  real :: buf(n)
  integer :: i, j

  do j = 1, n
    do i = 1, n
      a(i, j) = real(mod(i * 7 + j * 3, 11), 8)
    end do
  end do
  ref = a
  referr = 0.0d0
  do j = 2, n - 1
    do i = 2, n - 1
      anew(i, j) = 0.25d0 * (a(i+1, j) + a(i-1, j) + a(i, j-1) + a(i, j+1))
      referr = max(referr, abs(anew(i, j) - a(i, j)))
    end do
  end do
  ref(2:n-1, 2:n-1) = anew(2:n-1, 2:n-1)
  anew = -1.0d0
  call jacobi_step(n, a, anew, err)
  call check('jacobi_step a', count(a /= ref))
  call check('jacobi_step err', merge(0, 1, err == referr))

  buf = [(real(i), i = 1, n)]
  call use_device_addr_example(n, buf)
  call check('use_device_addr_example', count(buf /= [(real(i), i = 1, n)]))
contains
  include 'check.fi'
end program main
