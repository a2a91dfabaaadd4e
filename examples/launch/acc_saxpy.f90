! OpenACC saxpy: LLVM 22 cannot offload acc compute regions, so ompx runs it
! on the host through host fallback (--acc-specialize-for-host).
program acc_saxpy
  implicit none
  integer, parameter :: n = 1000
  real :: x(n), y(n)
  integer :: i
  x = 1.0
  y = 2.0
  !$acc parallel loop copyin(x) copy(y)
  do i = 1, n
    y(i) = 3.0 * x(i) + y(i)
  end do
  print '(a,f6.1,a,f6.1)', 'y(1)=', y(1), ' y(n)=', y(n)
  if (all(y == 5.0)) then
    print '(a)', 'acc_saxpy: ok'
  else
    error stop 'acc_saxpy: WRONG RESULT'
  end if
end program acc_saxpy
