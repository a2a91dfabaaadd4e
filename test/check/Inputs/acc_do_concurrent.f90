! An OpenACC compute construct inside DO CONCURRENT: its loop's control
! flow would have to become blocks inside fir.do_concurrent.loop, which
! keeps one block. Refused by name on --device=host and by --check.
program acc_do_concurrent
  implicit none
  integer :: a(8, 2), i, k
  a = 0
  do concurrent (k = 1:2)
    !$acc parallel loop copy(a)
    do i = 1, 8
      a(i, k) = i * k
    end do
  end do
  print *, sum(a)
end program
