! A procedure enters its local work array and never releases it: the device
! copy outlives the call under the local's address, the next call's local
! lies there, its enter data finds the copy present and copies nothing in:
! the second call sums the first call's values.
module steps
  implicit none
contains
  subroutine step(k, total)
    integer, intent(in) :: k
    real, intent(out) :: total
    real :: w(64)
    integer :: i
    w = real(k)
    !$omp target enter data map(to: w) ! expect-static: local-left-mapped
    total = 0.0
    !$omp target map(tofrom: total) ! expect-run: stale-device-copy
    do i = 1, 64
      total = total + w(i)
    end do
    !$omp end target
  end subroutine
end module

program omp_local_enter_no_exit
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
