! No finding: released before the return (delete, release, from), a
! local handed to another procedure (which may release it), a dummy (the
! caller's), a SAVE'd local (static storage: the same every call) and the
! main program's locals (they live as long as the program).
module right
  implicit none
contains
  subroutine released(total)
    real, intent(out) :: total
    real :: w(16), v(16)
    integer :: i
    w = 1.0
    v = 0.0
    !$omp target enter data map(to: w) map(to: v)
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, 16
      v(i) = w(i)
      total = total + w(i)
    end do
    !$omp end target
    !$omp target exit data map(release: w) map(from: v)
  end subroutine

  subroutine handed_on(total)
    real, intent(out) :: total
    real :: w(16)
    w = 1.0
    !$omp target enter data map(to: w)
    call finish(w, total)
  end subroutine

  subroutine finish(w, total)
    real, intent(inout) :: w(16)
    real, intent(out) :: total
    integer :: i
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, 16
      total = total + w(i)
    end do
    !$omp end target
    !$omp target exit data map(delete: w)
  end subroutine

  subroutine dummy_entered(w)
    real, intent(in) :: w(16)
    !$omp target enter data map(to: w)
  end subroutine

  subroutine saved_local(total)
    real, intent(out) :: total
    real, save :: w(16)
    integer :: i
    w = 1.0
    !$omp target enter data map(to: w)
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, 16
      total = total + w(i)
    end do
    !$omp end target
  end subroutine

  subroutine acc_deleted(total)
    real, intent(out) :: total
    real :: w(16)
    integer :: i
    w = 3.0
    !$acc enter data copyin(w)
    total = 0.0
    !$acc serial present(w) copy(total)
    do i = 1, 16
      total = total + w(i)
    end do
    !$acc end serial
    !$acc exit data delete(w)
  end subroutine
end module

program main
  use right
  implicit none
  real :: t, m(8)
  m = 1.0
  !$omp target enter data map(to: m)
  call released(t)
  call handed_on(t)
  call saved_local(t)
  call acc_deleted(t)
  print *, t
end program
