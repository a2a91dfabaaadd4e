program bprog
  implicit none
  real :: x(4)
  common /pool/ x
  x = [1.0, 2.0, 3.0, 4.0]
  call twice()
  if (all(x == [2.0, 4.0, 6.0, 8.0])) then
    print '(a,f4.1)', 'B PASS ', sum(x)
  else
    print '(a,4f5.1)', 'B FAIL ', x
  end if
end program bprog
