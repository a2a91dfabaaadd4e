! saxpy offloaded with `target teams distribute parallel do`; checks itself.
program saxpy
  use omp_lib
  implicit none
  integer, parameter :: n = 1024
  real :: x(n), y(n), a
  integer :: i
  logical :: on_host
  a = 2.0
  do i = 1, n
    x(i) = real(i)
    y(i) = 1.0
  end do
  on_host = .true.
  !$omp target teams distribute parallel do map(to: x) map(tofrom: y) map(from: on_host)
  do i = 1, n
    y(i) = a * x(i) + y(i)
    if (i == 1) on_host = omp_is_initial_device()
  end do
  print '(a,i0)', 'default device: ', omp_get_default_device()
  print '(a,l1)', 'target region ran on the host: ', on_host
  print '(a,f7.1,a,f7.1)', 'y(1)=', y(1), ' y(n)=', y(n)
  if (all(abs(y - (2.0 * x + 1.0)) < 1e-3)) then
    print '(a)', 'saxpy: ok'
  else
    error stop 'saxpy: WRONG RESULT'
  end if
end program saxpy
