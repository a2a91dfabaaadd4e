! Correct or undecidable programs the data-state walk must stay silent on.
module state
  implicit none
  real :: g(100)
contains
  ! A call between the kernel and the host read may copy g back (it could
  ! run `target update from(g)`): no finding.
  subroutine call_between(other)
    external :: other
    integer :: i
    !$omp target enter data map(to: g)
    !$omp target teams distribute parallel do
    do i = 1, 100
      g(i) = 2.0
    end do
    call other()
    print *, g(1)
    !$omp target exit data map(delete: g)
  end subroutine

  ! The copy back runs under a condition: no finding either way.
  subroutine update_if(a, flag)
    real, intent(inout) :: a(100)
    logical, intent(in) :: flag
    integer :: i
    !$omp target data map(tofrom: a)
    !$omp target teams distribute parallel do
    do i = 1, 100
      a(i) = 1.0
    end do
    if (flag) then
      !$omp target update from(a)
    end if
    print *, a(1)
    !$omp end target data
  end subroutine

  ! A target may be reached through pointers elsewhere: not judged.
  subroutine through_pointer(p)
    real, target, intent(inout) :: p(100)
    integer :: i
    !$omp target enter data map(to: p)
    !$omp target teams distribute parallel do
    do i = 1, 100
      p(i) = 3.0
    end do
    !$omp target exit data map(release: p)
    print *, p(1)
  end subroutine

  ! The host overwrites the data before reading it, and a nowait region's
  ! data is touched only after the taskwait.
  subroutine overwrite_then_wait(a)
    real, intent(inout) :: a(100)
    integer :: i
    !$omp target enter data map(to: a)
    !$omp target teams distribute parallel do
    do i = 1, 100
      a(i) = 2.0
    end do
    !$omp target exit data map(delete: a)
    a = 0.0
    print *, a(1)
    !$omp target map(tofrom: a) nowait
    a(1) = 5.0
    !$omp end target
    !$omp taskwait
    print *, a(1)
  end subroutine
end module
