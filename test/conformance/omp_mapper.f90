! OpenMP 5.2 declare mapper: a default mapper and a named one for a derived
! type with an allocatable component, used by map clauses and implicitly.
module omp_mapper_mod
  implicit none
  type :: vec
    integer :: n = 0
    real(8), allocatable :: v(:)
  end type vec
  !$omp declare mapper(vec :: s) map(s%n, s%v(1:s%n))
  !$omp declare mapper(only_n: vec :: s) map(s%n)
end module omp_mapper_mod

program omp_mapper
  use omp_mapper_mod
  implicit none
  type(vec) :: t
  integer :: i, m
  t%n = 20
  allocate(t%v(t%n))
  t%v = 1.0d0
  !$omp target map(tofrom: t)
  do i = 1, t%n
    t%v(i) = t%v(i) + real(i, 8)
  end do
  !$omp end target
  call check_r('default_mapper', sum(t%v), 20.0d0 + 210.0d0)

  m = 0
  !$omp target map(mapper(only_n), to: t) map(from: m)
  m = t%n * 2
  !$omp end target
  call check_i('named_mapper', m, 40)

  !$omp target
  do i = 1, t%n
    t%v(i) = 2.0d0
  end do
  !$omp end target
  call check_r('implicit_default_mapper', sum(t%v), 40.0d0)
contains
  include 'check.fi'
end program omp_mapper
