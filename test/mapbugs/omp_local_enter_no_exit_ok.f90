! The twin: the local's device copy is released before the procedure
! returns, so each call's enter data copies its own values in.
module steps
  implicit none
contains
  subroutine step(k, total)
    integer, intent(in) :: k
    real, intent(out) :: total
    real :: w(64)
    integer :: i
    w = real(k)
    !$omp target enter data map(to: w)
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, 64
      total = total + w(i)
    end do
    !$omp end target
    !$omp target exit data map(delete: w)
  end subroutine
end module

program omp_local_enter_no_exit_ok
  use steps
  implicit none
  real :: t1, t2
  call step(1, t1)
  call step(2, t2)
  if (t1 == 64.0 .and. t2 == 128.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
