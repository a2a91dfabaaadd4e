! A kernel writes s%b only; the host then reads s%a (and s%in%k), which
! the device never changed: no stale-host-read. The read of s%b after the
! update is ordered too.
program member_other_part
  implicit none
  type :: inner
    integer :: k
  end type inner
  type :: state
    real(8) :: a(100)
    real(8) :: b(100)
    type(inner) :: in
  end type state
  type(state) :: s
  integer :: i
  s%a = 1
  s%b = 0
  s%in%k = 2
  !$omp target data map(tofrom: s)
  !$omp target
  do i = 1, 100
    s%b(i) = s%a(i) * s%in%k
  end do
  !$omp end target
  s%a(1:10) = s%a(1:10) + real(s%in%k, 8)
  !$omp target update to(s%a)
  !$omp target update from(s%b)
  print *, sum(s%b)
  !$omp end target data
end program member_other_part
