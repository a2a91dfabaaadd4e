! OpenACC: the component entered alone; the loop's bound reads p%n. The
! region ran on another copy of p: 65 of 100 updated, silently.
program acc_record_member_presence
  implicit none
  type :: pt
    integer :: n = 0
    real(8), allocatable :: x(:)
  end type
  type(pt) :: p
  integer :: i
  p%n = 100
  allocate(p%x(p%n))
  p%x = 1.0d0
  !$acc enter data copyin(p%x)
  !$acc parallel loop present(p%x)
  do i = 1, p%n
    p%x(i) = p%x(i) + dble(i)
  end do
  !$acc exit data copyout(p%x)
  print *, 'x(100) =', p%x(100)
end program
