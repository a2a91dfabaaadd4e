! OpenMP 5.2 declare target allocatables and link: a module allocatable
! under declare target, allocated on the host, mapped with always; a link
! variable mapped where used.
module omp_dta_mod
  implicit none
  real(8), allocatable :: field(:)
  !$omp declare target(field)
  integer :: big(1000)
  !$omp declare target link(big)
end module omp_dta_mod

program omp_declare_target_alloc
  use omp_dta_mod
  implicit none
  integer :: i, m
  m = 40
  allocate(field(m))
  field = 1.0d0
  !$omp target map(always, tofrom: field)
  do i = 1, m
    field(i) = field(i) + real(i, 8)
  end do
  !$omp end target
  call check_r('always_tofrom', sum(field), 40.0d0 + 820.0d0)

  field = 2.0d0
  !$omp target enter data map(always, to: field)
  !$omp target
  do i = 1, m
    field(i) = field(i) * 3.0d0
  end do
  !$omp end target
  !$omp target exit data map(always, from: field)
  call check_r('always_enter_exit', sum(field), 240.0d0)

  big = 0
  !$omp target map(tofrom: big)
  do i = 1, 1000
    big(i) = 1
  end do
  !$omp end target
  call check_i('link', sum(big), 1000)
contains
  include 'check.fi'
end program omp_declare_target_alloc
