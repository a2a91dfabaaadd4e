! OpenMP twin of corpus/flang/acc/acc_serial.f90 (same procedure, same
! interface): serial -> target without teams (one thread); serial loop ->
! the same with the loop inside, sequential.
subroutine serial_init(n, a, first)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(out) :: first
  integer :: i

  ! acc serial copy(a) copyout(first)
  !$omp target map(tofrom: a) map(from: first)
  a(1) = 42.0
  first = a(1)
  !$omp end target

  ! acc serial loop copy(a)
  !$omp target map(tofrom: a)
  do i = 2, n
    a(i) = a(i - 1) + 1.0
  end do
  !$omp end target
end subroutine serial_init
