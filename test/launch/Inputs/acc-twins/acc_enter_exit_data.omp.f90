! OpenMP twin of corpus/flang/acc/acc_enter_exit_data.f90 (same module,
! procedures and interfaces). enter/exit data -> target enter/exit data;
! async(2)/wait(2): LLVM 22 does not translate depend on target enter data,
! so it runs in a task that depends on a sentinel for queue 2, and the wait
! is an undeferred task on it (study section 2); exit data copyout
! finalize -> update from, then map(delete) (OpenMP 5.2 cannot spell
! from+delete in one map); exit data delete (no finalize) -> release.
module acc_field
  implicit none
  real, allocatable :: u(:)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    integer :: queue2
    allocate(u(n))
    u = 0.0
    ! acc enter data copyin(u) async(2)
    !$omp task depend(inout: queue2) shared(u)
    !$omp target enter data map(to: u)
    !$omp end task
    ! acc wait(2)
    !$omp task if(.false.) depend(inout: queue2)
    !$omp end task
  end subroutine setup

  subroutine compute(n)
    integer, intent(in) :: n
    integer :: i
    ! acc parallel loop present(u)
    !$omp target teams distribute parallel do map(present, alloc: u)
    do i = 1, n
      u(i) = u(i) + real(i)
    end do
  end subroutine compute

  subroutine teardown()
    ! acc exit data copyout(u) finalize
    !$omp target update from(u)
    !$omp target exit data map(delete: u)
    deallocate(u)
  end subroutine teardown
end module acc_field

subroutine create_delete(n, w)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: w(n)
  ! acc enter data create(w) if(n > 0)
  !$omp target enter data map(alloc: w) if(n > 0)
  ! acc exit data delete(w)
  !$omp target exit data map(release: w)
end subroutine create_delete
