! self(c) with a logical variable runs the construct on the host when c
! holds. The device copy of a holds 1 and the host's 5, so what a
! construct reads tells where it ran.
program acc_self_var
  implicit none
  logical :: c
  logical(1) :: c1
  real :: a(4), b(4)
  integer :: i
  a = 1.0
  !$acc enter data copyin(a)
  a = 5.0
  b = 0.0
  c = .true.
  !$acc serial self(c) present(a) copy(b)
  b(1) = a(1)
  !$acc end serial
  c = .false.
  !$acc serial self(c) present(a) copy(b)
  b(2) = a(2)
  !$acc end serial
  c1 = .true.
  !$acc parallel loop self(c1) present(a) copy(b)
  do i = 3, 3
    b(i) = a(i)
  end do
  c = .true.
  !$acc kernels self(c) present(a) copy(b)
  b(4) = a(4)
  !$acc end kernels
  print '(a,4f4.0)', 'ran on host, device, host, host:', b
  !$acc exit data delete(a)
end program
