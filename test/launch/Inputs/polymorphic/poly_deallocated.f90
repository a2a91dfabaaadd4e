! An allocatable array of holders with a CLASS component, allocated and
! deallocated, then mapped: the run-time guard of CLASS components must
! see no element (the descriptor keeps its extents, its address is null).
module poly_deallocated_mod
  implicit none
  type base
    integer :: v = 0
    real, allocatable :: w(:)
  end type
  type holder
    integer :: n = 0
    class(base), allocatable :: c
  end type
end module
program poly_deallocated
  use poly_deallocated_mod
  implicit none
  type(holder), allocatable :: ha(:)
  integer :: k
  allocate(ha(2000))
  deallocate(ha)
  k = 0
  !$omp target map(tofrom: ha) map(tofrom: k)
    k = 7
  !$omp end target
  print '(a, i0)', 'deallocated holders mapped: ', k
end program
