! OpenMP 5.2 declare target: module variables (enter, to), target update of
! them, declare target functions and subroutines called from target regions.
module omp_dt_mod
  implicit none
  integer, parameter :: n = 32
  integer :: table(n)
  integer :: offset = 5
  !$omp declare target enter(table, offset)
  real(8) :: coef(4)
  !$omp declare target to(coef)
contains
  integer function shifted(i)
    !$omp declare target
    integer, intent(in) :: i
    shifted = table(i) + offset
  end function shifted

  subroutine scale_coef(f)
    !$omp declare target
    real(8), intent(in) :: f
    integer :: k
    do k = 1, 4
      coef(k) = coef(k) * f
    end do
  end subroutine scale_coef
end module omp_dt_mod

program omp_declare_target
  use omp_dt_mod
  implicit none
  integer :: out(n), i
  table = [(i, i = 1, n)]
  !$omp target update to(table, offset)
  !$omp target map(from: out)
  do i = 1, n
    out(i) = shifted(i)
  end do
  !$omp end target
  call check_i('function_reads_globals', sum(out), n * (n + 1) / 2 + 5 * n)

  !$omp target
  do i = 1, n
    table(i) = 2 * i
  end do
  offset = 1
  !$omp end target
  !$omp target update from(table, offset)
  call check_i('update_from_globals', sum(table) + offset, n * (n + 1) + 1)

  coef = [1.0d0, 2.0d0, 3.0d0, 4.0d0]
  !$omp target update to(coef)
  !$omp target
  call scale_coef(0.5d0)
  !$omp end target
  !$omp target update from(coef)
  call check_r('subroutine_writes_global', sum(coef), 5.0d0)
contains
  include 'check.fi'
end program omp_declare_target
