! An allocatable as an OpenACC private: refused at the clause, by name.
program accpriv
  implicit none
  integer, parameter :: n = 100
  real, allocatable :: tmp(:)
  real :: a(n)
  integer :: i
  allocate(tmp(4))
  a = 1.0
  !$acc parallel loop private(tmp) copy(a)
  do i = 1, n
    tmp = a(i)
    a(i) = sum(tmp)
  end do
  print *, a(1), a(n)
end program
