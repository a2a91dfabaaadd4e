! Scalars a parallel or serial construct uses without a data clause are
! firstprivate (OpenACC 3.3, 2.5.1 and 2.5.2): the region's writes go to
! its copy and the host's variable keeps its value; a kernels construct
! copies them (2.5.3). The host fallback wrote the host's variable.
program acc_implicit_firstprivate
  implicit none
  integer :: p, s, k, i, a(8)
  p = 1; s = 1; k = 1
  !$acc parallel num_gangs(1) copyout(a)
  p = 7
  a(1) = p
  !$acc end parallel
  !$acc serial copyout(a(2:2))
  do i = 1, 4
    s = s + i
  end do
  a(2) = s
  !$acc end serial
  !$acc kernels
  k = 5
  !$acc end kernels
  print '(a,3i3,a,2i3)', 'p s k =', p, s, k, '  in the regions:', a(1:2)
end program
