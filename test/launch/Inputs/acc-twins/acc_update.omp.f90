! OpenMP twin of corpus/flang/acc/acc_update.f90 (same procedure, same
! interface). update device/host/self -> target update to/from with the
! present modifier (OpenACC requires the data to be present), if_present ->
! without it (absent data is not moved). async(3)/wait(3): LLVM 22 does not
! translate depend on target update, so the update runs in a task that
! depends on a sentinel for queue 3, and the wait is an undeferred task on
! it (study section 2).
subroutine exchange(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n)
  integer :: queue3

  ! acc data copyin(a, b)
  !$omp target data map(to: a, b)
  ! acc update device(a) async(3)
  !$omp task depend(inout: queue3) shared(a)
  !$omp target update to(present: a)
  !$omp end task
  ! acc update host(b(1:n/2)) wait(3)
  !$omp task if(.false.) depend(inout: queue3)
  !$omp end task
  !$omp target update from(present: b(1:n/2))
  ! acc update self(a(n)) if_present
  !$omp target update from(a(n))
  !$omp end target data
end subroutine exchange
