! Driver for corpus/flang/acc/acc_kernels: heat does 10 Jacobi sweeps on
! t(2:n-1) in a kernels region (copy(t), create(tnew)), then scales t by 0.9
! in a kernels loop; t is read on the host after the call and compared with
! the same arithmetic done here. tnew is device scratch (create): its host
! copy is not looked at.
program main
  implicit none
  integer, parameter :: n = 16
  real(8) :: t(n), tnew(n), ref(n), rnew(n)
  integer :: i, iter

  t = [(real(mod(i * 5, 7), 8), i = 1, n)]
  ref = t
  do iter = 1, 10
    do i = 2, n - 1
      rnew(i) = 0.5d0 * (ref(i - 1) + ref(i + 1))
    end do
    ref(2:n-1) = rnew(2:n-1)
  end do
  ref = ref * 0.9d0
  tnew = 0.0d0
  call label('t', loc(t), 8 * n)
  call label('tnew', loc(tnew), 8 * n)
  call heat(n, t, tnew)
  call check('heat', count(t /= ref))
contains
  include 'check.fi'
  include 'names.fi'
end program main
