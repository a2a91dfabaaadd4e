! Private copies on the host paths of OpenACC compute constructs: the
! branch `if(.false.)` takes on an offload build (acc-if-clause-lowering's
! body without the construct), and host fallback. Each case prints the
! host's variables, which the construct must leave as they were.
program acc_host_privates
  implicit none
  integer :: tmp(4), out(10), i, t
  logical :: off
  off = .false.
  ! A combined construct: the loop's privates, the loop variable among them.
  tmp = -1
  i = -5
  !$acc parallel loop if(off) private(tmp) copyout(out)
  do i = 1, 10
    tmp = i
    out(i) = sum(tmp)
  end do
  print '(a,4i3,i4,i4)', 'combined if:', tmp, i, out(10)
  ! A construct's own private, with `if`.
  t = -1
  !$acc serial if(off) private(t)
  t = 5
  !$acc end serial
  print '(a,i3)', 'serial if:', t
  ! A construct's own private, without `if` (host fallback runs it).
  tmp = -1
  t = -1
  !$acc serial private(tmp, t) copyout(out)
  tmp = 5
  t = 6
  out(1) = sum(tmp) + t
  !$acc end serial
  print '(a,4i3,i3,i4)', 'serial:', tmp, t, out(1)
  ! A loop's private inside `parallel if`.
  tmp = -1
  !$acc parallel if(off) copyout(out)
  !$acc loop private(tmp)
  do i = 1, 10
    tmp = 2 * i
    out(i) = sum(tmp)
  end do
  !$acc end parallel
  print '(a,4i3,i4)', 'loop in parallel if:', tmp, out(10)
end program
