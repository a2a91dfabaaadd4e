! OpenACC 3.3 kernels and serial constructs and their clauses.
program acc_kernels_serial
  implicit none
  integer, parameter :: n = 80
  integer :: a(n), b(n), i, s
  real(8) :: x(n), r
  logical :: on
  a = [(i, i = 1, n)]
  b = 0
  !$acc kernels copyin(a) copyout(b)
  do i = 1, n
    b(i) = a(i) * 4
  end do
  !$acc end kernels
  call check_i('kernels_copy', sum(b), 2 * n * (n + 1))

  ! Two loop nests in one kernels region, the second uses the first.
  !$acc kernels copy(b) create(x)
  do i = 1, n
    x(i) = real(i, 8)
  end do
  do i = 1, n
    b(i) = int(x(i)) + 1
  end do
  !$acc end kernels
  call check_i('kernels_two_nests', sum(b), n * (n + 1) / 2 + n)

  s = 0
  !$acc kernels loop reduction(+:s) copyin(a)
  do i = 1, n
    s = s + a(i)
  end do
  call check_i('kernels_loop_reduction', s, n * (n + 1) / 2)

  on = .true.
  b = 0
  !$acc kernels if(on) copy(b) num_gangs(2) vector_length(64)
  !$acc loop independent
  do i = 1, n
    b(i) = i
  end do
  !$acc end kernels
  call check_i('kernels_if_sizes', sum(b), n * (n + 1) / 2)

  ! serial: one gang, one worker, one vector lane; sequential semantics.
  s = 0
  !$acc serial copy(s) copyin(a)
  do i = 1, n
    s = s + a(i) * a(i)
  end do
  !$acc end serial
  call check_i('serial_region', s, n * (n + 1) * (2 * n + 1) / 6)

  r = 1.0d0
  !$acc serial loop reduction(*:r)
  do i = 1, 10
    r = r * 2.0d0
  end do
  call check_r('serial_loop_reduction_mul', r, 1024.0d0)

  s = 0
  !$acc serial firstprivate(r) copy(s) if(on)
  s = int(r) + 1
  !$acc end serial
  call check_i('serial_firstprivate_if', s, 1025)

  b = 0
  !$acc serial loop async(1) copy(b)
  do i = 1, n
    b(i) = 1
  end do
  !$acc wait(1)
  call check_i('serial_async', sum(b), n)
contains
  include 'check.fi'
end program acc_kernels_serial
