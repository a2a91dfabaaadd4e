! The kernel writes s%b and the host reads s%b before any copy back: the
! finding stays. So does a read of t%a after a kernel that writes t%a and
! t%b.
program member_same_part
  implicit none
  type :: state
    real(8) :: a(100)
    real(8) :: b(100)
  end type state
  type(state) :: s, t
  integer :: i
  s%a = 1
  s%b = 0
  t%a = 1
  t%b = 0
  !$omp target data map(tofrom: s, t)
  !$omp target
  do i = 1, 100
    s%b(i) = s%a(i) * 2
  end do
  !$omp end target
  print *, sum(s%b)
  !$omp target
  do i = 1, 100
    t%a(i) = 2
    t%b(i) = 3
  end do
  !$omp end target
  print *, sum(t%a)
  !$omp end target data
end program member_same_part
