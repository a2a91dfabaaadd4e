! firstprivate of a derived type with an allocatable component on a
! parallel inside a target region: each thread's copy is initialized
! (flang's runtime Initialize in the privatizer's init region) and then
! assigned, deep, from the original.
module fp_types
  type t
    real, allocatable :: v(:)
    integer :: n = 7
  end type
end module

program firstprivate_record
  use fp_types
  implicit none
  type(t) :: o
  real :: r
  integer :: k
  allocate(o%v(3))
  o%v = [1.0, 2.0, 3.0]
  o%n = 3
  r = 0
  k = 0
  !$omp target map(tofrom: o, r, k)
  !$omp parallel firstprivate(o) num_threads(1)
  o%v(1) = 10.0
  r = sum(o%v)
  k = o%n
  !$omp end parallel
  !$omp end target
  print '(a,f6.1,a,i0,a,f6.1)', 'sum ', r, ' n ', k, ' original v(1) ', o%v(1)
end program
